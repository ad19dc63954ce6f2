// billing-meter: reports the cloud-run usage that is due to the Stripe billing meter (the cloud edition with
// billing on; nothing to do otherwise). Usage normally goes out the moment it is recorded (lib/billing/
// wake-meter-on-due.ts); this tick sends what no instance took at once and the retries.
import { reportMeteredUsage } from "@/lib/billing/report-metered-usage";
import type { JobContext, JobDefinition } from "@/lib/jobs/job";

export async function billingMeter({ now, log, orgIds }: JobContext) {
  const result = await reportMeteredUsage({ now, orgIds });
  if (result.reported || result.failed) log.info("billing meter tick", { ...result });
  return result;
}

export const billingMeterJob: JobDefinition<Awaited<ReturnType<typeof billingMeter>>> = {
  id: "billing-meter",
  cron: "* * * * *",
  description: "Reports cloud-runner usage to the billing meter (cloud edition with billing on)",
  run: billingMeter,
};
