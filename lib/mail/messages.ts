// The mails the dashboard sends: plain text first, and a simple HTML part with the same words and one button. Names a
// tenant chose (an organization's, a username) are escaped in the HTML and kept to one line in the subject.
import { formatDateTime } from "@/lib/format/date-time";
import type { MailMessage } from "@/lib/mail/send-mail";

const PRODUCT = "Outreach";

export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** One line of at most `max` characters: no line breaks from a name can reach a header. */
function oneLine(s: string, max = 80): string {
  const flat = s.replace(/[\r\n\t]+/g, " ").replace(/\s{2,}/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function html(paragraphs: string[], button: { label: string; href: string }, after: string[]): string {
  const p = (t: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#27272a">${escapeHtml(t)}</p>`;
  const small = (t: string) => `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:#71717a">${escapeHtml(t)}</p>`;
  return [
    `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif">`,
    `<div style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e4e4e7;border-radius:12px;padding:28px">`,
    `<p style="margin:0 0 20px;font-size:16px;font-weight:600;color:#18181b">${PRODUCT}</p>`,
    ...paragraphs.map(p),
    `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;font-size:14px;padding:10px 18px;border-radius:6px">${escapeHtml(button.label)}</a></p>`,
    small(`Or open this address: ${button.href}`),
    ...after.map(small),
    `</div></body></html>`,
  ].join("");
}

function text(paragraphs: string[], link: string, after: string[]): string {
  return [...paragraphs, link, ...after].join("\n\n") + "\n";
}

export function passwordResetMail({ to, link, validMinutes }: { to: string; link: string; validMinutes: number }): MailMessage {
  const intro = [`Someone asked to reset the password of the ${PRODUCT} account for ${to}. If it was you, choose a new password here:`];
  const after = [
    `The link works once, for ${validMinutes} minutes. Using it signs you out of every other browser and device.`,
    "If you did not ask for this, ignore this mail: your password stays as it is.",
  ];
  return { to, subject: `Reset your ${PRODUCT} password`, text: text(intro, link, after), html: html(intro, { label: "Choose a new password", href: link }, after) };
}

export function verificationMail({ to, link, validHours }: { to: string; link: string; validHours: number }): MailMessage {
  const intro = [`Confirm that ${to} is the email address of your ${PRODUCT} account:`];
  const after = [`The link works once, for ${validHours} hours.`, "If you did not sign up or change your address, ignore this mail."];
  return { to, subject: `Confirm your email address for ${PRODUCT}`, text: text(intro, link, after), html: html(intro, { label: "Confirm my email address", href: link }, after) };
}

export function invitationMail({ to, link, organizationName, invitedBy, role, expiresAt }: { to: string; link: string; organizationName: string; invitedBy: string | null; role: string; expiresAt: Date }): MailMessage {
  const org = oneLine(organizationName);
  const who = invitedBy ? oneLine(invitedBy, 64) : "Someone";
  const article = role === "admin" || role === "owner" ? "an" : "a";
  const intro = [`${who} invited you to join ${org} on ${PRODUCT} as ${article} ${role}.`, "Open the invitation to create your account, or to join with the account you have:"];
  const after = [`The link works once and until ${formatDateTime(expiresAt)}.`, "If you did not expect this invitation, ignore this mail."];
  return { to, subject: `${who} invited you to join ${org} on ${PRODUCT}`, text: text(intro, link, after), html: html(intro, { label: `Join ${org}`, href: link }, after) };
}

/** `m***@example.com`: enough for the owner to recognise an address, not enough to hand it to whoever reads the mail. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

export function passwordChangedMail({ to, username, at, timeZone = "UTC", resetLink }: { to: string; username: string; at: Date; timeZone?: string; resetLink: string }): MailMessage {
  const intro = [
    `The password of the ${PRODUCT} account ${oneLine(username, 64)} (${to}) was changed on ${formatDateTime(at, timeZone)}. Every browser and device that was signed in to it has been signed out.`,
    "If it was you, there is nothing to do. If it was not, choose a new password now:",
  ];
  const after = ["This notice goes to the account's address whenever its password changes; it cannot be turned off."];
  return { to, subject: `Your ${PRODUCT} password was changed`, text: text(intro, resetLink, after), html: html(intro, { label: "Choose a new password", href: resetLink }, after) };
}

export function emailChangedMail({ to, username, newEmail, at, timeZone = "UTC", signInLink }: { to: string; username: string; newEmail: string; at: Date; timeZone?: string; signInLink: string }): MailMessage {
  const intro = [
    `The email address of the ${PRODUCT} account ${oneLine(username, 64)} was changed on ${formatDateTime(at, timeZone)} from ${to} to ${maskEmail(newEmail)}. Password resets and invitations now go to the new address.`,
    "If it was you, there is nothing to do. If it was not, sign in and change it back in Settings, or ask the people who run this service for help:",
  ];
  const after = ["This is the last mail this address gets about the account."];
  return { to, subject: `The email address of your ${PRODUCT} account was changed`, text: text(intro, signInLink, after), html: html(intro, { label: "Sign in", href: signInLink }, after) };
}
