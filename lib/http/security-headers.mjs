// The headers every response carries and the policy of everything that is not a page (docs/security.md, "Browsers").
// Plain JavaScript because next.config.mjs reads them: `next start` would otherwise load the SWC compiler (25 MB of
// memory for the server's whole life) only to read a TypeScript config (docs/performance.md, "Memory").

/** For everything that is not a page (JSON, CSV, the API reference): nothing loads, nothing frames it. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Sent with every response (next.config.mjs). */
export const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  // The dashboard's addresses (campaign, draft and thread ids) are nobody else's business, not even the platform's
  // when a compose link opens it.
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];
