// Conversations against the real server: a draft is created (CLI) and sent (API), the person's answer is recorded
// with `outreach replies:record` (the function the extension's dm-sync calls), and the reply-drafter (the scripted
// fake agent, calling reply_draft_start / reply_draft_finish on the server's tool endpoint) writes the continuation.
// The reviewer then works the thread page and the People tabs in the browser.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { cli, created, databaseUrl, shoot, uid } from "./helpers";
import { FAKE_AGENT_SLUG } from "./server";
import { E2E_PORT, E2E_ARTIFACTS } from "../playwright.config";

const OPENING = "Hi! Your write-up on flaky CI matched what we saw last quarter. We ended up wrapping the retries; happy to compare notes.";
const ANSWER = "Thanks for reaching out! How did you wrap the retries without hiding real failures?";
const DRAFTED = "We only retry steps that failed on network errors, and the wrapper logs every retry so nothing is hidden. Want the snippet?";

let db: pg.Client;
test.beforeAll(async () => {
  db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
});
test.afterAll(async () => {
  await db.end();
});

/** A project, account and fake-agent campaign, and one DM drafted (CLI) then sent (API) to a fresh person. */
async function sentDraft(request: APIRequestContext) {
  const u = uid();
  const target = `dana_${u}`;
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Threads ${u}` } }));
  await created(await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `sender_${u}` } }));
  const campaign = await created<{ id: number }>(
    await request.post("/api/campaigns", { data: { projectId: project.id, name: `Scout ${u}`, platform: "forum", skill: "forum-scout", runner: FAKE_AGENT_SLUG } }),
  );
  const { rows } = await db.query<{ organization_id: number; account_id: number }>(
    "SELECT c.organization_id, a.id AS account_id FROM campaigns c JOIN accounts a ON a.project_id = c.project_id WHERE c.id = $1",
    [campaign.id],
  );
  const { organization_id: orgId, account_id: accountId } = rows[0]!;
  const file = path.join(os.tmpdir(), `thread-draft-${u}.json`);
  fs.writeFileSync(file, JSON.stringify([{ kind: "dm", accountId, targetUser: target, body: OPENING, qualityScore: 80 }]));
  const out = JSON.parse(cli(["drafts:create", "--campaign", String(campaign.id), "--file", file, "--org", String(orgId)])) as { created: { id: number }[] };
  fs.rmSync(file, { force: true });
  const draftId = out.created[0]!.id;
  const sent = await request.patch(`/api/drafts/${draftId}`, { data: { state: "sent" } });
  expect(sent.status(), await sent.text()).toBe(200);
  return { u, orgId, target, draftId, campaignId: campaign.id };
}

/** The organization's reply-drafter playbook becomes the fake agent's script (built-ins are refreshed only when the server starts). */
async function scriptReplyDrafter(orgId: number, steps: unknown[]) {
  const body = `Scripted reply-drafter.\n\n\`\`\`fake-agent\n${JSON.stringify({ steps })}\n\`\`\`\n`;
  await db.query(
    `INSERT INTO playbooks (organization_id, slug, title, body, updated_at) VALUES ($1, 'reply-drafter', 'Reply drafter', $2, now())
     ON CONFLICT (organization_id, slug) DO UPDATE SET body = EXCLUDED.body, updated_at = now()`,
    [orgId, body],
  );
}

const FINISH = [
  { tool: "reply_draft_start" },
  { tool: "reply_draft_finish", args: { body: DRAFTED, qualityScore: 82, qualityReason: "Answers the question directly and offers something useful." } },
];

/** `outreach replies:record`: the CLI hosts the drafting agent and waits for its run; the tools are the server's. */
function recordReply(s: { orgId: number; draftId: number; target: string; u: string }, body = ANSWER) {
  const out = cli(
    ["replies:record", String(s.draftId), "--author", s.target, "--body", body, "--external-id", `t4_${s.u}_${uid()}`,
      "--permalink", `https://forum.example/message/messages/${s.u}`, "--org", String(s.orgId)],
    {
      OUTREACH_TOOL_SERVER_URL: `http://127.0.0.1:${E2E_PORT}/api/mcp`,
      OUTREACH_EXTRA_BACKENDS: path.resolve(E2E_ARTIFACTS, "backends.json"),
    },
  );
  return JSON.parse(out) as { threadId: number; replyDraftId: number; runId: number; run: { status: string; failureReason: string | null } };
}

const bubbles = (page: Page, direction: "inbound" | "outbound") => page.getByRole("list", { name: "Messages" }).locator(`li[data-direction="${direction}"]`);

async function draftOf(request: APIRequestContext, id: number) {
  return (await (await request.get(`/api/drafts/${id}`)).json()) as { state: string; body: string; bodyEdited: boolean; version: number; draftingRunId: number | null };
}

test("thread page: both sides in order, the drafted reply edited inline and approved", async ({ page, request }) => {
  test.setTimeout(90_000);
  const s = await sentDraft(request);
  await scriptReplyDrafter(s.orgId, FINISH);
  const r = recordReply(s);
  expect(r.run).toEqual({ status: "success", failureReason: null });

  await page.goto(`/conversations/${r.threadId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(s.target);
  await expect(bubbles(page, "outbound")).toHaveCount(1);
  await expect(bubbles(page, "outbound")).toContainText(OPENING);
  await expect(bubbles(page, "outbound")).toContainText(`Parent draft #${s.draftId}`);
  await expect(bubbles(page, "inbound")).toContainText(ANSWER);
  await expect(bubbles(page, "inbound").getByRole("link", { name: "View on platform" })).toHaveAttribute("href", /forum\.example/);
  // Ours on the right, theirs on the left; chronological: the opening message comes first.
  const ours = (await bubbles(page, "outbound").locator("div").first().boundingBox())!;
  const theirs = (await bubbles(page, "inbound").locator("div").first().boundingBox())!;
  expect(ours.x + ours.width).toBeGreaterThan(theirs.x + theirs.width + 100);
  expect(ours.y).toBeLessThan(theirs.y);
  await expect(page.getByText("Parent draft", { exact: true })).toBeVisible();

  const reply = page.locator(`section[data-reply-id="${r.replyDraftId}"]`);
  await expect(reply).toContainText(DRAFTED);
  await expect(reply.getByText("Q82")).toBeVisible();
  await shoot(page, "conversation-thread");

  // Inline edit through PATCH /api/drafts/[id] {body, version}.
  await reply.getByRole("button", { name: "Edit" }).click();
  const edited = `${DRAFTED} It is about twenty lines.`;
  await reply.getByRole("textbox").fill(edited);
  await reply.getByRole("button", { name: "Save" }).click();
  await expect(reply.getByRole("textbox")).toHaveCount(0);
  await expect(reply.getByText(edited)).toBeVisible();
  expect(await draftOf(request, r.replyDraftId)).toMatchObject({ body: edited, bodyEdited: true, state: "proposed" });

  await reply.getByRole("button", { name: "Approve" }).click();
  await expect(reply.getByText("Approved", { exact: true })).toBeVisible();
  await expect(reply.getByRole("button", { name: "Approve" })).toHaveCount(0);
  expect(await draftOf(request, r.replyDraftId)).toMatchObject({ state: "approved", body: edited });
});

test("a failed drafting run offers Retry; the retried run drafts the reply while the page is open", async ({ page, request }) => {
  test.setTimeout(90_000);
  const s = await sentDraft(request);
  // The agent ends its turn without calling reply_draft_finish: playbook_incomplete.
  await scriptReplyDrafter(s.orgId, [{ say: "I could not decide what to write." }]);
  const r = recordReply(s);
  expect(r.run).toEqual({ status: "failed", failureReason: "playbook_incomplete" });

  await page.goto(`/conversations/${r.threadId}`);
  const reply = page.locator(`section[data-reply-id="${r.replyDraftId}"]`);
  await expect(reply).toContainText("The run drafting this reply failed.");
  await expect(reply.getByText("Playbook did not finish")).toBeVisible();
  await expect(reply.getByRole("link", { name: "View run log" })).toHaveAttribute("href", `/runs/${r.runId}`);
  await expect(reply.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await shoot(page, "conversation-retry");

  // The retry runs in the server; it takes a moment, so the page shows it drafting, then the reply.
  await scriptReplyDrafter(s.orgId, [FINISH[0], { sleep: 2500 }, FINISH[1]]);
  await reply.getByRole("button", { name: "Retry" }).click();
  await expect(reply.getByText("Drafting a reply…")).toBeVisible();
  const runLink = reply.getByRole("link", { name: "View run log" });
  await expect(runLink).not.toHaveAttribute("href", `/runs/${r.runId}`);
  await shoot(page, "conversation-drafting");
  await expect(reply).toContainText(DRAFTED, { timeout: 20_000 });
  await expect(reply.getByRole("button", { name: "Approve" })).toBeVisible();
  expect(await draftOf(request, r.replyDraftId)).toMatchObject({ draftingRunId: null, body: DRAFTED });
});

test("the inbox shows a reply whose drafting failed as failed, with Retry there, instead of drafting for ever", async ({ page, request }) => {
  test.setTimeout(90_000);
  const s = await sentDraft(request);
  await scriptReplyDrafter(s.orgId, [{ say: "I could not decide what to write." }]);
  const r = recordReply(s);
  expect(r.run).toEqual({ status: "failed", failureReason: "playbook_incomplete" });

  await page.goto(`/inbox?campaign=${s.campaignId}`);
  const row = page.locator(`tr[data-draft-id="${r.replyDraftId}"]`);
  await expect(row.getByText("Drafting failed (playbook incomplete)")).toBeVisible();
  await expect(row.getByText("Drafting…")).toHaveCount(0);
  await expect(row.getByRole("link", { name: "View run log" })).toHaveAttribute("href", `/runs/${r.runId}`);
  await expect(row.getByRole("button", { name: `Approve draft ${r.replyDraftId}` })).toHaveCount(0);
  await shoot(page, "inbox-drafting-failed");

  await scriptReplyDrafter(s.orgId, [FINISH[0], { sleep: 1500 }, FINISH[1]]);
  await row.getByRole("button", { name: `Retry drafting reply ${r.replyDraftId}` }).click();
  await expect(row.getByText("Drafting…")).toBeVisible();
  await expect(row.getByText(DRAFTED)).toBeVisible({ timeout: 20_000 });
  await expect(row.getByRole("button", { name: `Approve draft ${r.replyDraftId}` })).toBeEnabled();
});

test("People: the Threads tab lists the conversation and opens it; All contacts shows the outcome", async ({ page, request }) => {
  test.setTimeout(60_000);
  const s = await sentDraft(request);
  await scriptReplyDrafter(s.orgId, FINISH);
  const r = recordReply(s);

  await page.goto("/people");
  await expect(page.getByRole("link", { name: /Threads/ })).toHaveAttribute("aria-current", "page");
  const table = page.getByRole("table", { name: "Threads" });
  const link = table.getByRole("link", { name: s.target });
  await expect(link).toHaveAttribute("href", `/conversations/${r.threadId}`);
  const row = table.locator("tr", { has: page.getByRole("link", { name: s.target }) });
  await expect(row).toContainText("Reply to review");
  await expect(row).toContainText(ANSWER.slice(0, 30));
  await shoot(page, "people-threads");

  await page.getByRole("link", { name: /All contacts/ }).click();
  await expect(page).toHaveURL(/tab=contacts/);
  const contact = page.getByRole("table", { name: "Contacts" }).locator("tr", { hasText: s.target.toLowerCase() });
  await expect(contact).toContainText("replied");
  await expect(contact).toContainText(/forum/i);
  await shoot(page, "people-contacts");
  await contact.getByRole("link", { name: /View thread/ }).click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${r.threadId}$`));
  await expect(bubbles(page, "inbound")).toContainText(ANSWER);
});

test("another organization sees empty People tabs and a 404 for this thread", async ({ browser, request }) => {
  test.setTimeout(60_000);
  const s = await sentDraft(request);
  await scriptReplyDrafter(s.orgId, [{ say: "nothing" }]);
  const r = recordReply(s);

  const username = `people_${s.u}`;
  cli(["users:create", "--org", `Empty ${s.u}`, "--username", username], { OUTREACH_PASSWORD: "empty-org-password-1" });
  const ctx = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    expect((await ctx.request.post("/api/auth/login", { data: { username, password: "empty-org-password-1" } })).status()).toBe(200);
    const page = await ctx.newPage();
    await page.goto("/people");
    await expect(page.getByText("No conversations yet")).toBeVisible();
    await shoot(page, "people-threads-empty");
    await page.goto("/people?tab=contacts");
    await expect(page.getByText("No contacts yet")).toBeVisible();
    await shoot(page, "people-contacts-empty");
    const res = await page.goto(`/conversations/${r.threadId}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByText("Not found")).toBeVisible();
    await expect(page.getByText(ANSWER)).toHaveCount(0);
  } finally {
    await ctx.close();
  }
});
