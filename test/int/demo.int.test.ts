// Integration test of `npm run demo` (lib/demo/load.ts) as users see the result.
// The dataset lands in one organization only, and reads on the run and thread pages like data real runs and real
// sends produce: each run's log and each thread are built through the same functions those pages use
// (listRunEvents + buildRunLog, getThreadOrThrow).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { getThreadOrThrow } from "@/lib/conversations/get-thread";
import { isDemoLoaded, loadDemoData, type DemoSummary } from "@/lib/demo/load";
import { buildRunLog, formatOffset } from "@/lib/runs/build-run-log";
import { listRunEvents } from "@/lib/runs/list-run-events";
import { createOrg, type OrgFixture } from "./fixtures";

// Every lifecycle phase a real run can write: the dispatcher (lib/runners/dispatch-run.ts: starting, finished) and
// the ACP runner (lib/runners/acp-runner.ts: the rest). A divider naming anything else is not a real step.
const REAL_PHASES = new Set([
  "starting", "spawned", "initialized", "session_created", "prompt_sent", "permission", "stopped", "exited", "timeout",
  "cancel_requested", "error", "finished",
]);

let org: OrgFixture;
let summary: DemoSummary;

beforeAll(async () => {
  org = await createOrg();
  summary = await loadDemoData(org.orgId);
}, 120_000);

describe("loadDemoData", () => {
  it("reports what it wrote, and the counts match the organization's rows", async () => {
    for (const key of ["projects", "campaigns", "runs", "run events", "drafts", "threads", "messages"]) {
      expect(summary[key], key).toBeGreaterThan(0);
    }
    const where = { organizationId: org.orgId };
    expect(await db.project.count({ where })).toBe(summary.projects);
    expect(await db.campaign.count({ where })).toBe(summary.campaigns);
    expect(await db.run.count({ where })).toBe(summary.runs);
    expect(await db.runEvent.count({ where })).toBe(summary["run events"]);
    expect(await db.draft.count({ where })).toBe(summary.drafts);
    expect(await db.conversationThread.count({ where })).toBe(summary.threads);
    expect(await db.conversationMessage.count({ where })).toBe(summary.messages);
  });

  it("marks only the organization it loaded into", async () => {
    expect(await isDemoLoaded(org.orgId)).toBe(true);
    const other = await createOrg();
    expect(await isDemoLoaded(other.orgId)).toBe(false);
    expect(await db.run.count({ where: { organizationId: other.orgId } })).toBe(0);
  });
});

describe("demo run logs, as the run page builds them", () => {
  it("name real lifecycle steps, and their relative times move forward", async () => {
    const runs = await db.run.findMany({
      where: { organizationId: org.orgId },
      orderBy: { id: "asc" },
      select: { id: true, status: true, failureReason: true, startedAt: true, finishedAt: true },
    });
    expect(runs.length).toBe(summary.runs);

    for (const run of runs) {
      const { events } = await listRunEvents({ orgId: org.orgId, runId: run.id });
      const items = buildRunLog(events);
      const label = `run #${run.id}`;
      expect(items.length, label).toBeGreaterThan(0);

      const phases = items.flatMap((i) => (i.kind === "lifecycle" ? [i.phase] : []));
      expect(phases, label).not.toContain("unknown");
      for (const phase of phases) expect(REAL_PHASES.has(phase), `${label}: divider "${phase}"`).toBe(true);
      // The dispatcher writes "starting" first and "finished" last on every run that has ended.
      expect(phases[0], label).toBe("starting");
      if (run.status === "running") expect(phases, label).not.toContain("finished");
      else expect(phases.at(-1), label).toBe("finished");

      const offsets = items.map((i) => i.tUs);
      expect(new Set(offsets.map(formatOffset)).size, `${label}: every row reads ${formatOffset(offsets[0]!)}`).toBeGreaterThan(1);
      for (let i = 1; i < offsets.length; i++) {
        expect(offsets[i]!, `${label}: row ${i} goes back in time`).toBeGreaterThanOrEqual(offsets[i - 1]!);
      }
      // Nothing was logged in the future, not even by the runs still going.
      const lastAt = new Date(events.at(-1)!.at).getTime();
      expect(lastAt, label).toBeLessThanOrEqual(Date.now());
      expect(lastAt - run.startedAt.getTime(), label).toBeGreaterThanOrEqual(offsets.at(-1)! / 1000);

      // The dispatcher commits how the run ended (or a finish tool did, earlier), then writes "finished" saying so.
      if (run.status !== "running") {
        expect(run.finishedAt!.getTime(), label).toBeLessThanOrEqual(lastAt);
        expect(run.finishedAt!.getTime(), label).toBeGreaterThan(run.startedAt.getTime());
        const last = items.at(-1);
        const detail = last?.kind === "lifecycle" ? last.detail : null;
        if (run.status === "failed") expect(detail, label).toBe(`failed (${run.failureReason})`);
        else expect(["success", "closed earlier by the playbook's finish tool"], label).toContain(detail);
      }

      // A finished tool call shows what the tool answered.
      for (const item of items) {
        if (item.kind === "tool" && (item.status === "completed" || item.status === "failed")) {
          expect(item.output, `${label}: ${item.title} has no output`).toBeTruthy();
        }
      }
    }
  });
});

describe("demo threads, as the thread page builds them", () => {
  it("show each message once, our side linked to the draft that was sent", async () => {
    const threads = await db.conversationThread.findMany({ where: { organizationId: org.orgId }, orderBy: { id: "asc" }, select: { id: true } });
    expect(threads.length).toBe(summary.threads);

    for (const { id } of threads) {
      const { thread, parentDraft, timeline } = await getThreadOrThrow({ orgId: org.orgId, id });
      const label = `thread #${id}`;
      const bubbles = timeline.map((m) => `${m.direction}: ${m.body}`);
      expect(bubbles, `${label} shows a message twice`).toEqual([...new Set(bubbles)]);

      // The conversation opens with the draft we sent; every bubble of ours names its draft.
      expect(timeline[0], label).toMatchObject({ direction: "outbound", draftId: parentDraft.id, body: parentDraft.body });
      for (const m of timeline) if (m.direction === "outbound") expect(m.draftId, `${label}: ${m.body.slice(0, 40)}`).not.toBeNull();
      // Real threads count their stored messages (record-inbound-reply.ts keeps the counters from them).
      expect(thread.messageCount, label).toBe(timeline.filter((m) => m.messageId !== null).length);
      const times = timeline.map((m) => m.sentAt);
      expect(times, label).toEqual([...times].sort());
    }
  });
});
