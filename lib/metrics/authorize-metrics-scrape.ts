// Who may read GET /api/metrics: a scraper presenting `Authorization: Bearer <OUTREACH_METRICS_TOKEN>`. Without the
// variable the route does not exist (404), so a default install publishes nothing. The comparison takes the same time
// whatever the guess.
import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/http/errors";

export function authorizeMetricsScrape(req: Request, token: string | undefined): void {
  if (!token) throw new AppError("not_found", "Route not found");
  const header = req.headers.get("authorization") ?? "";
  const presented = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
  const digest = (s: string) => createHash("sha256").update(s).digest();
  if (!presented || !timingSafeEqual(digest(presented), digest(token))) {
    throw new AppError("unauthorized", "The metrics need the operator's metrics token (Authorization: Bearer …)");
  }
}
