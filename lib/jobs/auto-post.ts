// auto-post: posts the approved federated drafts of autoPost campaigns whose send time has come (SPEC 1.5), with
// retries and backoff, never twice (lib/auto-post/). Every 30 s on the embedded engine, like the webhook sender: an
// approval is out within half a minute.
import { postDueDrafts, type PostDueResult } from "@/lib/auto-post/post-due-drafts";
import type { JobContext, JobDefinition } from "@/lib/jobs/job";

export async function autoPost({ now, log, orgIds }: JobContext): Promise<PostDueResult> {
  // The tick's `now` decides what is due; the attempts then keep their own clock for backoff and leases.
  let first = true;
  const clock = () => {
    if (first) {
      first = false;
      return now;
    }
    return new Date(Math.max(Date.now(), now.getTime()));
  };
  const result = await postDueDrafts({ now: clock, orgIds, log });
  if (result.claimed) log.info("auto-post tick", { ...result });
  return result;
}

export const autoPostJob: JobDefinition<PostDueResult> = {
  id: "auto-post",
  cron: "* * * * *",
  everySeconds: 30,
  description: "Posts approved federated drafts of campaigns with auto-post on (retries with backoff, never twice)",
  run: autoPost,
};
