// The sending limits hold across app instances: this process (manual Mark as sent through the drafts route) and a
// second process with its own connection pool (the extension's sent route, sending-instance-child.ts) send drafts of
// one account at the same moment. The account's row lock makes them take turns, so exactly the daily cap goes out and
// every other draft is held with its reason, never sent early, never a failure.
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import * as draftRoute from "@/app/api/drafts/[id]/route";
import * as policyRoute from "@/app/api/accounts/[id]/sending-policy/route";
import { call } from "./http";
import { createAccountRow, createDevice, createDraftRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";

let A: OrgFixture;
let child: ChildProcess | undefined;

beforeAll(async () => {
  A = await createOrg();
});
afterAll(() => {
  if (child && child.exitCode === null) child.kill();
});

function startSecondInstance(token: string, ids: number[]) {
  const proc = spawn(process.execPath, ["--import", "tsx", "test/int/sending-instance-child.ts", token, ids.join(",")], {
    env: process.env, stdio: ["pipe", "pipe", "inherit"],
  });
  child = proc;
  const answers: Array<{ id: number; status: number; error: string | null }> = [];
  let buffer = "";
  let onReady!: () => void;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const done = new Promise<void>((resolve, reject) => {
    proc.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`second instance exited with ${code}`))));
    proc.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        if (line === "READY") onReady();
        else if (line.startsWith("{")) answers.push(JSON.parse(line));
      }
    });
  });
  return { ready, go: () => proc.stdin!.write("go\n"), done, answers };
}

describe("sending limits with two app instances", () => {
  it("never exceeds the daily cap when both send drafts of one account at once", async () => {
    const project = await createProject(A.orgId);
    const account = await createAccountRow(A.orgId, project.id, "forum", { limits: "platform" });
    const CAP = 5;
    const policy = await call(policyRoute.PATCH, {
      method: "PATCH", cookie: A.cookie, params: { id: String(account.id) },
      body: { dailyCap: CAP, hourlyCap: CAP, minGapSeconds: 0, jitterSeconds: 0, warmup: false },
    });
    expect(policy.status).toBe(200);
    const drafts = [];
    for (let i = 0; i < 24; i++) drafts.push(await createDraftRow(A.orgId, { projectId: project.id, accountId: account.id, state: "approved", targetUser: `p_${uid()}` }));
    const mine = drafts.slice(0, 12).map((d) => d.id);
    const theirs = drafts.slice(12).map((d) => d.id);
    const { token } = await createDevice(A.orgId);

    const second = startSecondInstance(token, theirs);
    await second.ready;
    second.go();
    const here = await Promise.all(
      mine.map(async (id) => {
        const res = await call(draftRoute.PATCH, { method: "PATCH", cookie: A.cookie, params: { id: String(id) }, body: { state: "sent" } });
        return { id, status: res.status, error: res.json?.error ?? null };
      }),
    );
    await second.done;

    const answers = [...here, ...second.answers];
    expect(answers).toHaveLength(24);
    // Every answer is a send or a hold: nothing failed.
    expect(answers.filter((a) => a.status !== 200 && !(a.status === 409 && a.error === "held"))).toEqual([]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(CAP);

    const rows = await db.draft.findMany({ where: { id: { in: drafts.map((d) => d.id) } } });
    expect(rows.filter((r) => r.state === "sent")).toHaveLength(CAP);
    const held = rows.filter((r) => r.state === "approved");
    expect(held).toHaveLength(24 - CAP);
    for (const r of held) expect(r.heldReason).toBe(`The sending limits of ${account.platformId}: ${CAP} of ${CAP} sends in the last 24 hours; ${CAP} of ${CAP} sends in the last hour`);
    expect(await db.accountSend.count({ where: { accountId: account.id } })).toBe(CAP);
  });
});
