// Trigger.dev task: sends the webhook deliveries that are due. Trigger.dev schedules go down to a minute, so on
// Trigger.dev the tick is every minute rather than 30 s; first attempts still go out at once (lib/webhooks/wake-on-due.ts).
import { schedules } from "@trigger.dev/sdk";
import { webhookDeliverJob } from "@/lib/jobs/webhook-deliver";
import { scheduledJob } from "./scheduled-job";

export const webhookDeliverOptions = scheduledJob(webhookDeliverJob);
export const webhookDeliverTask = schedules.task(webhookDeliverOptions);
