// The Content-Security-Policy of the dashboard's pages, and the headers every response carries (docs/security.md,
// "Browsers"). Pages get a fresh nonce per request (proxy.ts): Next puts it on its own scripts and the root layout on
// the theme script, and 'strict-dynamic' lets those load the app's chunks; no other script runs. Styles may be
// inline (React style props and the charts' SVG need it; CSS cannot run code). Images come from the app itself or
// data: and blob: URLs only, so a Markdown image in a brief cannot call out to a tracker. Nothing may frame a page.

export function pageContentSecurityPolicy(nonce: string, { dev = false }: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its debugging aids; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./security-headers.mjs";
