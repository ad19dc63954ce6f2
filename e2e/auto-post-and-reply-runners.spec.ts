// What a reviewer reads about the work done for them (issue 28's gaps): an approved federated draft that auto-post is
// retrying or gave up on says so in the inbox; a reply that no runner could draft says so, with what to do, on its
// thread and in the inbox; Settings > Webhooks offers the draft decisions. The states are written straight into the
// database (the job and the reply path that produce them have integration tests: test/int/auto-post.int.test.ts,
// test/int/reply-runner-choice.int.test.ts).
import pg from "pg";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { created, databaseUrl, shoot, uid } from "./helpers";

let db: pg.Client;
test.beforeAll(async () => {
  db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
});
test.afterAll(async () => db.end());

async function campaign(request: APIRequestContext, platform: "forum" | "federated") {
  const u = uid();
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Gaps ${u}` } }));
  const skill = platform === "forum" ? "forum-scout" : "federated-poster";
  const c = await created<{ id: number }>(await request.post("/api/campaigns", { data: { projectId: project.id, name: `Gaps ${u}`, platform, skill } }));
  const { rows } = await db.query<{ organization_id: number }>("SELECT organization_id FROM campaigns WHERE id = $1", [c.id]);
  return { u, orgId: rows[0]!.organization_id, projectId: project.id, campaignId: c.id };
}

async function draft(s: Awaited<ReturnType<typeof campaign>>, over: { state?: string; kind?: string; platform?: string; target?: string; draftingRunId?: number; parentMessageId?: number } = {}) {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO drafts (organization_id, project_id, campaign_id, state, kind, platform, account_handle, target_user, body, quality_score, drafting_run_id, parent_message_id, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'us', $7, 'A short note about trackers.', 70, $8, $9, now()) RETURNING id`,
    [s.orgId, s.projectId, s.campaignId, over.state ?? "approved", over.kind ?? "post", over.platform ?? "federated", over.target ?? `t_${uid()}`, over.draftingRunId ?? null, over.parentMessageId ?? null],
  );
  return rows[0]!.id;
}

test("the inbox says when auto-post is retrying a draft or gave up on it, with the reason", async ({ page, request }) => {
  const s = await campaign(request, "federated");
  const failing = await draft(s);
  const retrying = await draft(s);
  await db.query(
    `INSERT INTO auto_posts (organization_id, draft_id, approval_event_id, status, attempts, idempotency_key, last_error, next_attempt_at, updated_at)
     VALUES ($1, $2, 0, 'failed', 1, 'k1', 'federated answered 401 for social.example/api/v1/statuses: The access token is invalid', now(), now()),
            ($1, $3, 0, 'pending', 2, 'k2', 'federated answered 503 for social.example/api/v1/statuses', now() + interval '2 minutes', now())`,
    [s.orgId, failing, retrying],
  );
  await page.goto(`/inbox?campaign=${s.campaignId}&state=all`);
  await expect(page.locator(`tr[data-draft-id="${failing}"]`).getByText("Auto-post failed: federated answered 401 for social.example/api/v1/statuses: The access token is invalid")).toBeVisible();
  await expect(page.locator(`tr[data-draft-id="${retrying}"]`).getByText(/^Auto-post retrying at .+: federated answered 503/)).toBeVisible();
  await shoot(page, "inbox-auto-post");
});

test("a reply no runner could draft says so, and what to do, on its thread and in the inbox", async ({ page, request }) => {
  const s = await campaign(request, "forum");
  const target = `ren_${s.u}`;
  const parent = await draft(s, { state: "replied", kind: "dm", platform: "forum", target });
  const { rows: thread } = await db.query<{ id: number }>(
    `INSERT INTO conversation_threads (organization_id, platform, account_handle, target_user, kind, parent_draft_id, last_message_at, message_count)
     VALUES ($1, 'forum', 'us', $2, 'dm', $3, now(), 1) RETURNING id`,
    [s.orgId, target, parent],
  );
  const { rows: message } = await db.query<{ id: number }>(
    `INSERT INTO conversation_messages (organization_id, thread_id, direction, author, body, external_id, sent_at)
     VALUES ($1, $2, 'inbound', $3, 'How does the retry wrapper work?', $4, now()) RETURNING id`,
    [s.orgId, thread[0]!.id, target, `forum:pm:${s.u}`],
  );
  const words = "No agent runner can draft this reply here, so no drafting run was started. Claude Code: claude is not installed: npm install -g @anthropic-ai/claude-code. No other runner is available either. Set up a runner in Settings > Agent runners (press Re-detect there after installing one), then press Retry on this reply.";
  const { rows: run } = await db.query<{ id: number }>(
    `INSERT INTO runs (organization_id, campaign_id, project_id, kind, status, runner, trigger, failure_reason, error, params, finished_at)
     VALUES ($1, $2, $3, 'reply_drafting', 'failed', 'claude-code', 'reply', 'runner_missing', $4, $5, now()) RETURNING id`,
    [s.orgId, s.campaignId, s.projectId, words, JSON.stringify({ notStarted: true, parentDraftId: parent, messageId: message[0]!.id })],
  );
  const reply = await draft(s, { state: "proposed", kind: "reply_dm", platform: "forum", target, draftingRunId: run[0]!.id, parentMessageId: message[0]!.id });

  await page.goto(`/conversations/${thread[0]!.id}`);
  const section = page.locator(`section[data-reply-id="${reply}"]`);
  await expect(section.getByText("No agent could draft this reply.")).toBeVisible();
  await expect(section.getByTestId("reply-not-started")).toHaveText(words);
  await expect(section.getByRole("button", { name: "Retry" })).toBeVisible();
  await expect(section.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await shoot(page, "conversation-no-runner");

  await page.goto(`/inbox?campaign=${s.campaignId}&state=all`);
  await expect(page.locator(`tr[data-draft-id="${reply}"]`).getByText("No agent to draft this reply")).toBeVisible();
});

test("Settings > Webhooks offers the draft decisions beside the notification kinds", async ({ page }) => {
  await page.goto("/settings/webhooks");
  const form = page.getByRole("form", { name: "Add endpoint" });
  for (const label of ["Run stopped", "Reply received", "Draft approved", "Draft rejected", "Draft sent"]) {
    await expect(form.getByLabel(label)).toBeVisible();
  }
  await expect(form.getByText("they do not appear in the bell")).toBeVisible();
});
