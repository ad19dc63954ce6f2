// Trigger.dev task: reports cloud-run usage to the billing meter (lib/jobs/billing-meter.ts).
import { schedules } from "@trigger.dev/sdk";
import { billingMeterJob } from "@/lib/jobs/billing-meter";
import { scheduledJob } from "./scheduled-job";

export const billingMeterOptions = scheduledJob(billingMeterJob);
export const billingMeterTask = schedules.task(billingMeterOptions);
