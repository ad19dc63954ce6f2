// The staging_candidates tool (and `outreach staging:list`): list, add or shortlist the people staged on a run.
import { AppError } from "@/lib/http/errors";
import { getResearchScope } from "@/lib/research/get-research-scope";
import { listStagingCandidates } from "@/lib/research/list-staging-candidates";
import { stageCandidates } from "@/lib/research/stage-candidates";
import { shortlistStagingCandidates } from "@/lib/research/shortlist-staging-candidates";
import type { StagingAction } from "@/lib/research/schemas";

export async function runStagingAction({ orgId, runId, action }: { orgId: number; runId: number; action: StagingAction }) {
  // Resolving the scope first makes a run of another organization a plain not_found.
  const scope = await getResearchScope({ orgId, runId });
  switch (action.action) {
    case "list":
      return listStagingCandidates({ orgId, runId, shortlistedOnly: action.shortlistedOnly });
    case "add": {
      const platform = scope.campaign?.platform;
      if (!platform) throw new AppError("bad_request", "This run has no campaign, so there is no platform to stage people for");
      const { added, refreshed } = await stageCandidates({ orgId, runId, platform, candidates: action.candidates, refresh: true });
      return { added, refreshed, ...(await listStagingCandidates({ orgId, runId })) };
    }
    case "shortlist": {
      const { updated, notStaged } = await shortlistStagingCandidates({ orgId, runId, targetUsers: action.targetUsers, shortlisted: action.shortlisted });
      return { updated, notStaged, ...(await listStagingCandidates({ orgId, runId, shortlistedOnly: true })) };
    }
  }
}
