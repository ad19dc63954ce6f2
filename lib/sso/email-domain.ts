// The domain part of an email address, and the mailbox providers whose domain no organization can claim.

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

// Providers where anyone can make an address: proving one of these would route strangers to one organization.
const PUBLIC_MAIL = new Set([
  "gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "live.com", "msn.com", "yahoo.com", "ymail.com",
  "icloud.com", "me.com", "mac.com", "aol.com", "proton.me", "protonmail.com", "pm.me", "gmx.com", "gmx.net",
  "gmx.de", "mail.com", "yandex.com", "yandex.ru", "zoho.com", "fastmail.com", "tutanota.com", "hey.com",
  "qq.com", "163.com", "libero.it", "web.de",
]);

export function isPublicMailDomain(domain: string): boolean {
  return PUBLIC_MAIL.has(domain.toLowerCase());
}
