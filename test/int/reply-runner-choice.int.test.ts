// Which runner drafts a reply that dm-sync brings in (docs/conversations.md "Which runner drafts a reply"): the
// campaign's runner when it can run; when no runner can, no run is started on a runner that cannot start: the
// placeholder's thread, the inbox and the bell say what to do, Retry is refused in the same words, and once a runner
// is there Retry drafts the reply. This file controls what is installed: PATH holds only its own folder, and its
// backends file names one agent that does not exist yet (`later-agent`), whose program the test writes later.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { detectRunners } from "@/lib/runners/detect-runners";
import { getThreadOrThrow } from "@/lib/conversations/get-thread";
import * as dmSync from "@/app/api/extension/dm-sync/route";
import * as drafts from "@/app/api/drafts/route";
import * as replyDrafting from "@/app/api/drafts/[id]/reply-drafting/route";
import * as runners from "@/app/api/runners/route";
import { call } from "./http";
import { createDevice, createOrg, type OrgFixture } from "./fixtures";
import { FAKE_AGENT, scriptOrgPlaybook, serveToolServer, waitForRunEnd } from "./agent-harness";
import { asDevice, pm, REPLY_BODY, sentDraft, syncBody } from "./extension-harness";

const LATER = "later-agent";
let A: OrgFixture;
let bin: string;
let server: { close: () => Promise<void> };
const saved = { path: process.env.PATH, backends: process.env.OUTREACH_EXTRA_BACKENDS };

beforeAll(async () => {
  bin = fs.mkdtempSync(path.join(os.tmpdir(), "reply-runner-"));
  process.env.PATH = bin;
  const file = path.join(bin, "backends.json");
  fs.writeFileSync(file, JSON.stringify([{ slug: LATER, label: "Later agent", binary: path.join(bin, LATER), acpArgs: [], installHint: "write it" }]));
  process.env.OUTREACH_EXTRA_BACKENDS = file;
  await detectRunners({ refresh: true });
  server = await serveToolServer();
  A = await createOrg();
  await scriptOrgPlaybook(A.orgId, "reply-drafter", {
    steps: [{ tool: "reply_draft_start" }, { tool: "reply_draft_finish", args: { body: REPLY_BODY, qualityScore: 79, qualityReason: "answers it" } }],
  });
});

afterAll(async () => {
  await server?.close();
  process.env.PATH = saved.path;
  if (saved.backends === undefined) delete process.env.OUTREACH_EXTRA_BACKENDS;
  else process.env.OUTREACH_EXTRA_BACKENDS = saved.backends;
  fs.rmSync(bin, { recursive: true, force: true });
});

describe("a reply when no runner can run", () => {
  it("is recorded with a placeholder whose run never starts; the thread, the inbox and the bell say what to do; Retry works once a runner is there", async () => {
    expect((await detectRunners()).filter((r) => r.available)).toEqual([]);
    const { token } = await createDevice(A.orgId);
    const { account, draft } = await sentDraft(A.orgId, { runner: LATER });
    const res = await call(dmSync.POST, asDevice(token, { method: "POST", body: syncBody({ items: [pm(draft.targetUser, account.platformId)] }) }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [match] = res.json.matched;
    expect(match).toMatchObject({ draftId: draft.id, replyDraftId: expect.any(Number), runId: expect.any(Number) });

    // The reply itself is in: the draft is replied, the message on its thread.
    expect((await db.draft.findUniqueOrThrow({ where: { id: draft.id } })).state).toBe("replied");
    // Its drafting run ended before it began: no process, no log but the start, and a sentence for the reviewer.
    const run = await db.run.findUniqueOrThrow({ where: { id: match.runId } });
    expect(run).toMatchObject({ status: "failed", failureReason: "runner_missing", runner: LATER, params: expect.objectContaining({ notStarted: true }) });
    expect(run.error).toMatch(/^No agent runner can draft this reply here, so no drafting run was started\. Later agent: .*later-agent is not installed: write it\. No other runner is available either\. Set up a runner in Settings > Agent runners \(press Re-detect there after installing one\), then press Retry on this reply\.$/);
    expect(await db.runEvent.count({ where: { runId: run.id, type: "lifecycle", payload: { path: ["phase"], equals: "spawned" } } })).toBe(0);

    // The thread says it in words, with Retry.
    const thread = await getThreadOrThrow({ orgId: A.orgId, id: match.threadId });
    expect(thread.openReplies).toEqual([expect.objectContaining({ status: "drafting_failed", failureReason: "runner_missing", notStarted: run.error })]);
    // The inbox marks the placeholder as not drafted for want of a runner.
    const inbox = await call(drafts.GET, { cookie: A.cookie, path: "/api/drafts?state=proposed" });
    expect(inbox.json.drafts.find((d: { id: number }) => d.id === match.replyDraftId)).toMatchObject({ draftingRunId: run.id, draftingFailure: "runner_missing" });
    // The bell: the reply, and the run that could not start with what to do.
    const failed = await db.notification.findFirstOrThrow({ where: { organizationId: A.orgId, kind: "run.failed", payload: { path: ["runId"], equals: run.id } } });
    expect(failed.body).toBe(run.error!.slice(0, 300));

    // Retry while nothing can run: refused in the same words, nothing started.
    const runsBefore = await db.run.count({ where: { organizationId: A.orgId } });
    const refused = await call(replyDrafting.POST, { cookie: A.cookie, method: "POST", params: { id: String(match.replyDraftId) }, body: {} });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ error: "runner_unavailable", runner: LATER });
    expect(refused.json.message).toMatch(/^No agent runner can draft this reply here\. Later agent: .* then press Retry on this reply\.$/);
    expect(await db.run.count({ where: { organizationId: A.orgId } })).toBe(runsBefore);

    // The agent is installed and detected again: Retry drafts the reply on it.
    fs.writeFileSync(path.join(bin, LATER), `#!/bin/sh\n[ "$1" = "--version" ] && { echo "later-agent 1.0"; exit 0; }\nexec "${process.execPath}" "${FAKE_AGENT}" "$@"\n`);
    fs.chmodSync(path.join(bin, LATER), 0o755);
    expect((await call(runners.POST, { cookie: A.cookie, method: "POST" })).status).toBe(200);
    const retried = await call(replyDrafting.POST, { cookie: A.cookie, method: "POST", params: { id: String(match.replyDraftId) }, body: {} });
    expect(retried.status, JSON.stringify(retried.json)).toBe(202);
    expect((await waitForRunEnd(retried.json.runId)).status).toBe("success");
    expect(await db.draft.findUniqueOrThrow({ where: { id: match.replyDraftId } })).toMatchObject({ body: REPLY_BODY, draftingRunId: null, qualityScore: 79 });
  });
});
