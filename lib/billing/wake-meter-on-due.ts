// Usage is reported to the meter as soon as it is recorded (`meter:due`), not only at the billing-meter job's tick.
import { drainOnNotice } from "@/lib/jobs/drain-on-notice";
import { reportMeteredUsage } from "@/lib/billing/report-metered-usage";

export function wakeMeterOnDue(): Promise<() => void> {
  return drainOnNotice("meter:due", () => reportMeteredUsage());
}
