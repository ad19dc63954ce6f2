// Runs orphaned by a dead instance are failed once they are past the run timeout; live ones are left alone.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sweepStaleRuns } from "@/lib/runs/sweep-stale-runs";
import { createOrg } from "./fixtures";

describe("sweepStaleRuns", () => {
  it("fails runs still running past the timeout and grace, and only those", async () => {
    const A = await createOrg();
    const now = new Date();
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    const [old, young, done] = await Promise.all([
      db.run.create({ data: { organizationId: A.orgId, kind: "reply_drafting", runner: "cloud", status: "running", startedAt: at(40) } }),
      db.run.create({ data: { organizationId: A.orgId, kind: "reply_drafting", runner: "cloud", status: "running", startedAt: at(20) } }),
      db.run.create({ data: { organizationId: A.orgId, kind: "campaign", runner: "cloud", status: "success", startedAt: at(90), finishedAt: at(80) } }),
    ]);
    const swept = await sweepStaleRuns({ now, timeoutMs: 30 * 60_000 });
    expect(swept).toContain(old.id);
    expect(swept).not.toContain(young.id);
    expect(await db.run.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({ status: "failed", failureReason: "agent_timeout", error: expect.stringMatching(/^Interrupted/) });
    expect((await db.run.findUniqueOrThrow({ where: { id: young.id } })).status).toBe("running");
    expect((await db.run.findUniqueOrThrow({ where: { id: done.id } })).status).toBe("success");
    expect(await sweepStaleRuns({ now, timeoutMs: 30 * 60_000 })).not.toContain(old.id);
  });
});
