// Trigger.dev task: removes source files no project uses, nightly. The body is lib/jobs/sources-sweep.ts, shared with
// the embedded worker.
import { schedules } from "@trigger.dev/sdk";
import { sourcesSweepJob } from "@/lib/jobs/sources-sweep";
import { scheduledJob } from "./scheduled-job";

export const sourcesSweepOptions = scheduledJob(sourcesSweepJob);
export const sourcesSweepTask = schedules.task(sourcesSweepOptions);
