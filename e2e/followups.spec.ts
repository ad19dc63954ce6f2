// Follow-ups on silence through the pages (docs/sequences.md): the steps are set on the campaign's page, a bad step
// is refused on its own field and saves nothing, and follow-up drafts read as such in the inbox: "Follow-up 1 of 2"
// under the Follow-ups kind filter, and a withdrawn one under Rejected with why. The tick that drafts them, with the
// scripted agent and two instances, is covered by test/int/followups.int.test.ts; here the drafts it writes are seeded.
import pg from "pg";
import { expect, test } from "./fixtures/hydration";
import { created, databaseUrl, shoot, uid } from "./helpers";

let sql: pg.Client;
test.beforeAll(async () => {
  sql = new pg.Client({ connectionString: databaseUrl() });
  await sql.connect();
});
test.afterAll(async () => sql.end());

test("follow-up steps are set on the campaign page, checked field by field, and kept", async ({ page, request }) => {
  const u = uid();
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Sequences ${u}` } }));
  const campaign = await created<{ id: number }>(
    await request.post("/api/campaigns", { data: { projectId: project.id, name: `Sequences ${u}`, platform: "forum", skill: "forum-scout" } }),
  );
  await page.goto(`/campaigns/${campaign.id}`);
  const steps = page.getByRole("group", { name: "Follow-ups" });
  await expect(steps.getByText("None: no follow-ups.", { exact: false })).toBeVisible();
  await steps.getByRole("button", { name: "Add follow-up" }).click();
  await steps.getByRole("button", { name: "Add follow-up" }).click();
  await expect(steps.getByLabel("After days")).toHaveCount(2);
  await expect(steps.getByLabel("After days").nth(0)).toHaveValue("3");
  await expect(steps.getByLabel("After days").nth(1)).toHaveValue("7");
  await steps.getByLabel(/Guidance for the agent/).nth(0).fill("Shorter, mention the case study");

  // A step outside 1-60 days is refused on its own field; nothing is saved.
  await steps.getByLabel("After days").nth(1).fill("90");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Some fields need another look; each says what is wrong.")).toBeVisible();
  const unsaved = await (await request.get(`/api/campaigns/${campaign.id}`)).json();
  expect(unsaved.config.followups ?? []).toEqual([]);

  await steps.getByLabel("After days").nth(1).fill("7");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect.poll(async () => (await (await request.get(`/api/campaigns/${campaign.id}`)).json()).config.followups).toEqual([
    { afterDays: 3, guidance: "Shorter, mention the case study" },
    { afterDays: 7 },
  ]);
  await page.reload();
  await expect(steps.getByLabel("After days")).toHaveCount(2);
  await expect(steps.getByLabel(/Guidance for the agent/).nth(0)).toHaveValue("Shorter, mention the case study");
  await steps.scrollIntoViewIfNeeded();
  await shoot(page, "campaign-followups");

  // Removing both steps switches follow-ups off.
  await steps.getByRole("button", { name: "Remove follow-up 2" }).click();
  await steps.getByRole("button", { name: "Remove follow-up 1" }).click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect.poll(async () => (await (await request.get(`/api/campaigns/${campaign.id}`)).json()).config.followups ?? []).toEqual([]);
});

test("follow-up drafts say which step they are, and a withdrawn one says why", async ({ page, request }) => {
  const u = uid();
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Follow inbox ${u}` } }));
  const campaign = await created<{ id: number }>(
    await request.post("/api/campaigns", { data: { projectId: project.id, name: `Follow inbox ${u}`, platform: "forum", skill: "forum-scout" } }),
  );
  const { rows: org } = await sql.query<{ organization_id: number }>("SELECT organization_id FROM projects WHERE id = $1", [project.id]);
  const orgId = org[0]!.organization_id;
  const insert = async (values: { state: string; kind: string; target: string; body: string; follows?: number; step?: number; withdrawn?: string; sentDaysAgo?: number }) => {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO drafts (organization_id, project_id, campaign_id, state, kind, platform, account_handle, target_user, body, quality_score,
                           follows_draft_id, followup_step, followup_of, withdrawn_reason, sent_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'forum', 'me', $6, $7, 72, $8, $9, CASE WHEN $9::int IS NULL THEN NULL ELSE 2 END, $10,
               CASE WHEN $11::int IS NULL THEN NULL ELSE now() - make_interval(days => $11::int) END, now()) RETURNING id`,
      [orgId, project.id, campaign.id, values.state, values.kind, values.target, values.body, values.follows ?? null, values.step ?? null, values.withdrawn ?? null, values.sentDaysAgo ?? null],
    );
    return rows[0]!.id;
  };
  const first = await insert({ state: "sent", kind: "dm", target: `ada_${u}`, body: "Saw your thread on build caches.", sentDaysAgo: 4 });
  const followup = await insert({ state: "pending_review", kind: "followup_dm", target: `ada_${u}`, body: `Circling back${u}: happy to share our numbers.`, follows: first, step: 1 });
  const other = await insert({ state: "sent", kind: "dm", target: `bo_${u}`, body: "Your post on flaky tests was great.", sentDaysAgo: 5 });
  await insert({ state: "rejected", kind: "followup_dm", target: `bo_${u}`, body: `Just checking in${u}.`, follows: other, step: 1, withdrawn: "replied" });
  await insert({ state: "pending_review", kind: "dm", target: `cy_${u}`, body: "A first message, not a follow-up." });

  await page.goto(`/inbox?campaign=${campaign.id}`);
  await page.getByRole("combobox", { name: "Kind" }).selectOption({ label: "Follow-ups" });
  await expect(page).toHaveURL(/kind=followup_dm%2Cfollowup_comment|kind=followup_dm,followup_comment/);
  const pending = page.locator(`[data-draft-id="${followup}"]`);
  await expect(pending.getByText("Follow-up 1 of 2", { exact: true })).toBeVisible();
  await expect(pending.getByText("Follow-up · DM", { exact: true })).toBeVisible();
  await expect(page.getByText("A first message, not a follow-up.")).toHaveCount(0);
  await shoot(page, "inbox-followups");

  await page.getByRole("link", { name: /^Rejected/ }).click();
  await expect(page.getByText("Withdrawn: the person replied before it was sent").first()).toBeVisible();
  await expect(page.getByText(`Just checking in${u}.`)).toBeVisible();
});
