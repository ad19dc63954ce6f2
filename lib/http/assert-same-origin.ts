// Refuses a request another site's page made on the user's behalf. Browsers label every request with
// Sec-Fetch-Site; a dashboard tab's own fetch says `same-origin`, a typed URL says `none`, and a form, image or
// script on another site says `cross-site` (or `same-site` from a sibling subdomain). Clients that are not browsers
// send no label and carry no victim's cookie, so they are let through.
import { AppError } from "@/lib/http/errors";

const REFUSED = new Set(["cross-site", "same-site"]);

export function assertSameOrigin(req: Request, action: string): void {
  const site = req.headers.get("sec-fetch-site");
  if (site && REFUSED.has(site.toLowerCase())) {
    throw new AppError("forbidden", `${action} must be started from the dashboard's own tab`);
  }
}
