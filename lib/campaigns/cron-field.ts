// The cron field of a campaign, in a module of its own so the campaign forms (client code) can check a typed cron
// without pulling in the server-side modules lib/campaigns/schemas.ts imports (the runner catalogue reads files).
import { z } from "zod";
import { Cron } from "croner";

/** A five-field cron expression (minute hour day month weekday), checked by the scheduler's own parser. */
export const ZCron = z
  .string()
  .trim()
  .max(100)
  .refine((v) => v.split(/\s+/).length === 5, "Use five fields: minute hour day-of-month month day-of-week")
  .refine((v) => {
    try {
      new Cron(v, { paused: true });
      return true;
    } catch {
      return false;
    }
  }, "Not a valid cron expression");
