// Reply intent in the browser (docs/conversations.md "Reply intent"): a DM is sent, the person's answer recorded with
// `outreach replies:record`, and the reply-drafter (the scripted fake agent) sets the intent on reply_draft_finish.
// The reviewer sees it on the thread page, corrects it in one choice, finds it in the inbox and sorts the Threads tab
// by it; Outcomes shows the positive reply rate and a verdict that calls no winner on a few sends.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { cli, created, databaseUrl, shoot, uid } from "./helpers";
import { FAKE_AGENT_SLUG } from "./server";
import { E2E_PORT, E2E_ARTIFACTS } from "../playwright.config";

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
  const target = `erin_${u}`;
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Intent ${u}` } }));
  await created(await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `sender_${u}` } }));
  const campaign = await created<{ id: number }>(
    await request.post("/api/campaigns", { data: { projectId: project.id, name: `Intent scout ${u}`, platform: "forum", skill: "forum-scout", runner: FAKE_AGENT_SLUG } }),
  );
  const { rows } = await db.query<{ organization_id: number; account_id: number }>(
    "SELECT c.organization_id, a.id AS account_id FROM campaigns c JOIN accounts a ON a.project_id = c.project_id WHERE c.id = $1",
    [campaign.id],
  );
  const { organization_id: orgId, account_id: accountId } = rows[0]!;
  const file = path.join(os.tmpdir(), `intent-draft-${u}.json`);
  fs.writeFileSync(file, JSON.stringify([{ kind: "dm", accountId, targetUser: target, body: "Hi! Saw your post on slow builds; we cut ours in half. Happy to share how.", qualityScore: 80 }]));
  const out = JSON.parse(cli(["drafts:create", "--campaign", String(campaign.id), "--file", file, "--org", String(orgId)])) as { created: { id: number }[] };
  fs.rmSync(file, { force: true });
  const draftId = out.created[0]!.id;
  const sent = await request.patch(`/api/drafts/${draftId}`, { data: { state: "sent" } });
  expect(sent.status(), await sent.text()).toBe(200);
  return { u, orgId, target, draftId, campaignId: campaign.id };
}

async function scriptReplyDrafter(orgId: number, steps: unknown[]) {
  const body = `Scripted reply-drafter.\n\n\`\`\`fake-agent\n${JSON.stringify({ steps })}\n\`\`\`\n`;
  await db.query(
    `INSERT INTO playbooks (organization_id, slug, title, body, updated_at) VALUES ($1, 'reply-drafter', 'Reply drafter', $2, now())
     ON CONFLICT (organization_id, slug) DO UPDATE SET body = EXCLUDED.body, updated_at = now()`,
    [orgId, body],
  );
}

function recordReply(s: { orgId: number; draftId: number; target: string; u: string }, body: string) {
  const out = cli(
    ["replies:record", String(s.draftId), "--author", s.target, "--body", body, "--external-id", `t4_${s.u}_${uid()}`, "--org", String(s.orgId)],
    { OUTREACH_TOOL_SERVER_URL: `http://127.0.0.1:${E2E_PORT}/api/mcp`, OUTREACH_EXTRA_BACKENDS: path.resolve(E2E_ARTIFACTS, "backends.json") },
  );
  return JSON.parse(out) as { threadId: number; replyDraftId: number; runId: number; run: { status: string } };
}

const finish = (intent: Record<string, unknown>) => [
  { tool: "reply_draft_start" },
  { tool: "reply_draft_finish", args: { body: "Sure! Does Tuesday at 3pm work for a quick call?", qualityScore: 84, ...intent } },
];

test("the run's intent on the thread page, corrected in one choice, on the inbox's reply draft and in the Threads tab's order", async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await sentDraft(request);
  await scriptReplyDrafter(s.orgId, finish({ intent: "interested", intentConfidence: 0.9, intentReason: "Wants a call this week" }));
  const r = recordReply(s, "This is exactly our problem. Could we talk this week");
  expect(r.run.status).toBe("success");
  // A second conversation the rules sort as out of office; the agent leaves it be.
  const ooo = await sentDraft(request);
  await scriptReplyDrafter(ooo.orgId, finish({}));
  const away = recordReply(ooo, "Automatic reply: I am out of the office until Monday.");

  await page.goto(`/conversations/${r.threadId}`);
  const inbound = page.getByRole("list", { name: "Messages" }).locator('li[data-direction="inbound"]');
  await expect(inbound.locator("[data-intent]")).toHaveText("Interested");
  await expect(inbound.locator('span[title*="Wants a call this week"]')).toBeVisible();
  await shoot(page, "reply-intent-thread");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "reply-intent-thread-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  // One choice corrects it; the page and the API agree.
  await inbound.getByRole("combobox", { name: `Correct what ${s.target}'s reply means` }).selectOption("not_now");
  await expect(inbound.locator("[data-intent]")).toHaveText("Not now");
  const thread = (await (await request.get(`/api/drafts/${r.replyDraftId}`)).json()) as { replyIntent: { intent: string; source: string } };
  expect(thread.replyIntent).toMatchObject({ intent: "not_now", source: "reviewer" });
  await inbound.getByRole("combobox").selectOption("interested");
  await expect(inbound.locator("[data-intent]")).toHaveText("Interested");

  // The inbox shows it on the reply draft.
  await page.goto(`/inbox?campaign=${s.campaignId}`);
  const row = page.locator(`tr[data-draft-id="${r.replyDraftId}"]`);
  await expect(row.locator("[data-intent]")).toHaveText("Interested");
  await shoot(page, "reply-intent-inbox");

  // People > Threads: Interested first, and the Intent filter.
  await page.goto("/people?sort=intent");
  const table = page.getByRole("table", { name: "Threads" });
  const rows = table.locator("tbody tr");
  await expect(rows.first()).toContainText("Interested");
  const order = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector("[data-intent]")?.getAttribute("data-intent") ?? ""));
  expect(order.indexOf("interested")).toBeLessThan(order.indexOf("out_of_office"));
  await shoot(page, "reply-intent-threads");
  await page.getByLabel("Intent").selectOption("out_of_office");
  await expect(page).toHaveURL(/intent=out_of_office/);
  await expect(table.getByRole("link", { name: ooo.target })).toHaveAttribute("href", `/conversations/${away.threadId}`);
  await expect(table.getByRole("link", { name: s.target })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "reply-intent-threads-390");
});

test("Outcomes: the positive reply rate, intervals, and a verdict that calls no winner on a few sends", async ({ page, request }) => {
  test.setTimeout(90_000);
  const s = await sentDraft(request);
  await scriptReplyDrafter(s.orgId, finish({ intent: "question", intentConfidence: 0.8, intentReason: "Asks about pricing" }));
  expect(recordReply(s, "Looks good. What does it cost for a team of five").run.status).toBe("success");
  await sentDraft(request);
  // The e2e server runs no jobs (OUTREACH_JOBS=off): the next view rebuilds the organization's rollups.
  await db.query("UPDATE outcome_rollup_states SET through = 'epoch' WHERE organization_id = $1", [s.orgId]);

  await page.goto("/outcomes");
  const perCampaign = page.getByRole("table", { name: "Outcomes per campaign" });
  await expect(perCampaign.getByRole("columnheader", { name: "Positive" })).toBeVisible();
  await expect(page.getByLabel("Campaigns compared on replies")).toContainText("Not enough sends yet");
  await expect(page.getByLabel("Campaigns compared on positive replies")).toContainText("Not enough sends yet");
  const row = perCampaign.locator("tr", { hasText: `Intent scout ${s.u}` });
  // One sent, one positive reply: 100%, with a wide interval under it.
  await expect(row).toContainText("100%");
  await expect(row).toContainText(/\d+–100%/);
  await shoot(page, "reply-intent-outcomes");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "reply-intent-outcomes-390");
});
