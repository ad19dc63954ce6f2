// Shared set-up of the extension route suites: two organizations, the fake agent registered as a runner with a tool
// server for the reply-drafting runs dm-sync starts, and builders for sent drafts and sync bodies as the extension
// sends them (docs/extension-api.md).
import { afterAll, beforeAll } from "vitest";
import { db } from "@/lib/db/client";
import * as dmSync from "@/app/api/extension/dm-sync/route";
import { call, type CallOptions } from "./http";
import { createAccountRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, registerFakeBackends, scriptOrgPlaybook, serveToolServer, waitForRunEnd } from "./agent-harness";

export const REPLY_BODY = "Happy to share the config: the retry wrapper lives in ci/retry.sh.";
const FINISH_SCRIPT = {
  steps: [
    { tool: "reply_draft_start" },
    { tool: "reply_draft_finish", args: { body: REPLY_BODY, qualityScore: 81, qualityReason: "answers the question", qualityModel: "fake-judge" } },
  ],
};

export type ExtensionWorld = { A: OrgFixture; B: OrgFixture };
const startedRuns: number[] = [];

/** Organizations A (whose reply-drafter writes REPLY_BODY) and B, filled in by beforeAll. */
export function useExtensionWorld(): ExtensionWorld {
  const world = {} as ExtensionWorld;
  let server: { close: () => Promise<void> } | undefined;
  beforeAll(async () => {
    await registerFakeBackends();
    server = await serveToolServer();
    [world.A, world.B] = await Promise.all([createOrg(), createOrg()]);
    await scriptOrgPlaybook(world.A.orgId, "reply-drafter", FINISH_SCRIPT);
  });
  afterAll(async () => {
    // Drafting runs started by dm-sync go on in the background: let them end before the tool server closes.
    for (const runId of startedRuns) await waitForRunEnd(runId).catch(() => undefined);
    await server?.close();
  });
  return world;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const asDevice = (token: string, opts: CallOptions = {}): CallOptions => ({ ...opts, headers: { ...bearer(token), ...opts.headers } });
export const HOUR = 3_600_000;

/**
 * A sent draft of a campaign on `runner` (the fake agent by default: a reply to it is drafted by a runner that can run,
 * so a suite that does not care which still gets a deterministic one), as the shared send function leaves it.
 */
export async function sentDraft(orgId: number, opts: { kind?: "dm" | "post_comment" | "post"; targetUser?: string; targetUrl?: string | null; title?: string | null; community?: string | null; sentAt?: Date; runner?: string } = {}) {
  const project = await createProject(orgId);
  const account = await createAccountRow(orgId, project.id);
  const campaign = await db.campaign.create({
    data: { organizationId: orgId, projectId: project.id, name: `Campaign ${uid()}`, platform: "forum", skill: "forum-scout", runner: opts.runner ?? FAKE_SLUG, state: "active" },
  });
  const kind = opts.kind ?? "dm";
  const draft = await db.draft.create({
    data: {
      organizationId: orgId, projectId: project.id, accountId: account.id, campaignId: campaign.id, state: "sent", kind, platform: "forum",
      accountHandle: account.platformId, targetUser: opts.targetUser ?? (kind === "post" ? "selfhosted" : `alice_${uid()}`),
      targetCommunity: opts.community ?? "r/selfhosted", targetUrl: opts.targetUrl ?? null, title: opts.title ?? null,
      body: "Hi, your post on flaky CI runs matched what we see. Happy to compare notes?", sentAt: opts.sentAt ?? new Date(Date.now() - HOUR),
    },
  });
  return { account, campaign, draft };
}

export const epoch = (d: Date) => Math.floor(d.getTime() / 1000);
export const okStatus = () => ({ chat: "ok", legacy: "ok", captured_at: new Date().toISOString() });
export const syncBody = (over: Record<string, unknown> = {}) => ({ platform: "forum", items: [], comments: [], status: okStatus(), ...over });

export function pm(author: string, dest: string, over: Record<string, unknown> = {}) {
  const id = uid();
  return {
    id: `t4_${id}`, author, dest, body: "Thanks! How did you fix the retries?", created_utc: epoch(new Date(Date.now() - 60_000)),
    subject: "re: flaky CI", first_message_name: "t4_root1", parent_id: "t4_root1", permalink: `/message/messages/${id}`, ...over,
  };
}

/** POST /api/extension/dm-sync as the device; the reply-drafting runs it starts are awaited after the file. */
export async function sync(token: string, body: unknown) {
  const res = await call(dmSync.POST, asDevice(token, { method: "POST", body }));
  for (const m of res.json?.matched ?? []) if (m.runId) startedRuns.push(m.runId);
  return res;
}
