// Live events across instances: what one process publishes (or commits) reaches the subscribers of another process
// through PostgreSQL LISTEN/NOTIFY, with payloads loaded there, for the right organization only.
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, getPool } from "@/lib/db/client";
import { closeBus, publish, subscribe } from "@/lib/events/bus";
import type { StreamEvent } from "@/lib/events/types";
import { createDraftRow, createOrg, createProject, type OrgFixture } from "./fixtures";

let A: OrgFixture;
let B: OrgFixture;
let child: ChildProcess;
const received: StreamEvent[] = [];

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "test/int/bus-instance-child.ts", String(A.orgId)], { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
  let buffer = "";
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`second instance exited with ${code}`)));
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        if (line === "READY") resolve();
        else if (line.startsWith("{")) received.push(JSON.parse(line));
      }
    });
  });
});

afterAll(async () => {
  child?.kill();
  await closeBus();
});

describe("events across app instances", () => {
  it("a run started and logged here is seen, with its payload, by the other instance", async () => {
    const project = await createProject(A.orgId);
    const run = await db.run.create({ data: { organizationId: A.orgId, projectId: project.id, kind: "campaign", runner: "cloud", status: "running" } });
    const ev = await db.runEvent.create({ data: { organizationId: A.orgId, runId: run.id, seq: 1, type: "message_chunk", payload: { text: "hello from instance one", tUs: 42 } } });
    await publish({ o: A.orgId, t: "run:started", runId: run.id });
    await publish({ o: A.orgId, t: "run:log", eventId: ev.id });
    await expect.poll(() => received.filter((e) => e.type === "run:log").length, { timeout: 5_000 }).toBe(1);
    expect(received.find((e) => e.type === "run:started")).toEqual({
      type: "run:started",
      data: { runId: run.id, campaignId: null, projectId: project.id, exitCode: null, error: null, kind: "campaign", status: "running", failureReason: null },
    });
    expect(received.find((e) => e.type === "run:log")!.data).toMatchObject({ runId: run.id, seq: 1, type: "message_chunk", tUs: 42, payload: { text: "hello from instance one" } });
  });

  it("a committed draft change is announced by the database itself; a rolled-back one is not", async () => {
    const d = await createDraftRow(A.orgId);
    await expect.poll(() => received.some((e) => e.type === "drafts:changed" && e.data.ids.includes(d.id)), { timeout: 5_000 }).toBe(true);
    const before = received.length;
    await db
      .$transaction(async (tx) => {
        await tx.draft.update({ where: { id: d.id }, data: { body: "never committed" } });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await db.draft.update({ where: { id: d.id }, data: { qualityScore: 55 } });
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(before + 1);
  });

  it("another organization's events never reach this organization's subscribers", async () => {
    const local: StreamEvent[] = [];
    const off = await subscribe(B.orgId, (e) => local.push(e));
    const mark = received.length;
    const d = await createDraftRow(B.orgId);
    await expect.poll(() => local.some((e) => e.type === "drafts:changed" && e.data.ids.includes(d.id)), { timeout: 5_000 }).toBe(true);
    // A forged notice naming A but pointing at B's run is dropped: the payload's owner must match.
    const bRun = await db.run.create({ data: { organizationId: B.orgId, kind: "campaign", runner: "cloud", status: "running" } });
    await publish({ o: A.orgId, t: "run:started", runId: bRun.id });
    await new Promise((r) => setTimeout(r, 400));
    expect(received.slice(mark)).toEqual([]);
    off();
  });

  it("after this instance's listener connection is lost, its streams get a second hello (resync) and events flow again", async () => {
    const events: StreamEvent[] = [];
    const off = await subscribe(A.orgId, (e) => events.push(e));
    try {
      const killed = await getPool().query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [`outreach-events ${process.pid}`]);
      expect(killed.rowCount).toBe(1);
      // Something published while nobody listened is lost; the page is told to re-read instead.
      await expect.poll(() => events.some((e) => e.type === "hello" && e.data.resync === true), { timeout: 10_000 }).toBe(true);
      const d = await createDraftRow(A.orgId);
      await expect.poll(() => events.some((e) => e.type === "drafts:changed" && e.data.ids.includes(d.id)), { timeout: 5_000 }).toBe(true);
    } finally {
      off();
    }
  });
});
