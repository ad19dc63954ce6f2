// Outcomes and the calibrated judge as a person sees them: the Outcomes page (key numbers, funnel, weekly chart, the
// breakdowns, the filters), the key numbers on Home and a campaign page, and the Tuning tab's calibration with its
// one-click inbox default, which the inbox then applies. Drafts are decided through the API; rows the API cannot
// create (runs, scores, old dates) are written straight into the database.
import pg from "pg";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { created, databaseUrl, shoot, uid } from "./helpers";

let client: pg.Client;
test.beforeAll(async () => {
  client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
});
test.afterAll(async () => {
  await client.end();
});

async function seedCampaign(request: APIRequestContext, name: string) {
  const u = uid();
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Outcomes ${u}` } }));
  const account = await created<{ id: number; platformId: string }>(await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `acct_${u}` } }));
  // Several drafts go out from this one account within seconds: its sending limits are opened up (docs/sending-limits.md).
  const limits = await request.patch(`/api/accounts/${account.id}/sending-policy`, { data: { dailyCap: 1000, hourlyCap: 200, minGapSeconds: 0, jitterSeconds: 0, warmup: false } });
  expect(limits.status(), await limits.text()).toBe(200);
  const campaign = await created<{ id: number; name: string }>(
    await request.post("/api/campaigns", { data: { projectId: project.id, name: `${name} ${u}`, platform: "forum", skill: "forum-scout" } }),
  );
  const { rows } = await client.query<{ organization_id: number }>("SELECT organization_id FROM campaigns WHERE id = $1", [campaign.id]);
  return { projectId: project.id, accountId: account.id, campaignId: campaign.id, campaignName: campaign.name, orgId: rows[0]!.organization_id };
}

type Seeded = Awaited<ReturnType<typeof seedCampaign>>;

async function insertRun(s: Seeded, runner: string, model: string, costUsd: number): Promise<number> {
  const res = await client.query<{ id: number }>(
    `INSERT INTO runs (organization_id, campaign_id, project_id, kind, status, runner, model, playbook_slug, cost_usd, started_at, finished_at)
     VALUES ($1, $2, $3, 'campaign', 'success', $4, $5, 'forum-scout', $6, now() - interval '1 hour', now() - interval '55 minutes') RETURNING id`,
    [s.orgId, s.campaignId, s.projectId, runner, model, costUsd]);
  return res.rows[0]!.id;
}

async function insertDraft(s: Seeded, opts: { runId?: number | null; body?: string; score?: number | null; state?: string; daysAgo?: number }): Promise<number> {
  const res = await client.query<{ id: number }>(
    `INSERT INTO drafts (organization_id, state, kind, platform, project_id, account_id, account_handle, target_user, campaign_id, run_id, body, quality_score, created_at, updated_at)
     VALUES ($1, $2::"DraftState", 'dm', 'forum', $3, $4, 'me', $5, $6, $7, $8, $9, now() - make_interval(days => $10), now()) RETURNING id`,
    [s.orgId, opts.state ?? "pending_review", s.projectId, s.accountId, `person_${uid()}`, s.campaignId, opts.runId ?? null,
      opts.body ?? "Hi, I read your thread about flaky CI and had a thought about retries.", opts.score ?? null, opts.daysAgo ?? 0]);
  return res.rows[0]!.id;
}

async function patch(request: APIRequestContext, id: number, data: unknown) {
  const res = await request.patch(`/api/drafts/${id}`, { data });
  expect(res.status(), await res.text()).toBe(200);
}

/** The e2e server runs no jobs (OUTREACH_JOBS=off): have the next view rebuild the organization's rollups. */
async function rollupsRebuiltOnNextView(orgId: number) {
  await client.query("UPDATE outcome_rollup_states SET through = 'epoch' WHERE organization_id = $1", [orgId]);
}

test("the Outcomes page: key numbers, funnel, weekly chart, breakdowns and the campaign filter; Home and the campaign page", async ({ page, request }) => {
  const s = await seedCampaign(request, "Outcome scout");
  const claude = await insertRun(s, "claude-code", "claude-sonnet-4-5", 0.6);
  const gemini = await insertRun(s, "gemini", "gemini-2.5-flash", 0.2);
  const ids = [];
  for (let i = 0; i < 4; i++) ids.push(await insertDraft(s, { runId: claude }));
  for (let i = 0; i < 2; i++) ids.push(await insertDraft(s, { runId: gemini }));
  // A reviewer edits one before approving; two are sent, one gets a reply; two are rejected.
  await patch(request, ids[0]!, { body: "Hi, I read your thread about flaky CI. A retry helper I maintain might help." });
  for (const id of [ids[0]!, ids[1]!, ids[4]!]) await patch(request, id, { state: "approved" });
  for (const id of [ids[0]!, ids[1]!]) await patch(request, id, { state: "sent" });
  await patch(request, ids[2]!, { state: "rejected", reason: "Too generic" });
  await patch(request, ids[5]!, { state: "rejected" });
  await client.query(`UPDATE drafts SET state = 'replied', replied_at = now() WHERE id = $1`, [ids[0]]);
  await rollupsRebuiltOnNextView(s.orgId);

  await page.goto("/");
  await page.getByRole("navigation").getByRole("link", { name: "Outcomes" }).click();
  await expect(page).toHaveURL(/\/outcomes$/);
  await expect(page.getByRole("heading", { name: "Outcomes", level: 1 })).toBeVisible();
  await expect(page.getByRole("table", { name: "Outcomes per campaign" }).getByRole("link", { name: s.campaignName })).toBeVisible();

  // A filter applies as it is chosen: there is no Apply button to find.
  await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0);
  await page.getByLabel("Campaign", { exact: true }).selectOption(String(s.campaignId));
  await expect(page).toHaveURL(new RegExp(`campaignId=${s.campaignId}`));
  const numbers = page.getByRole("region", { name: "Outcomes", exact: true });
  await expect(numbers.getByText("Drafted").locator("..")).toContainText("6");
  await expect(numbers.getByText("Approval rate").locator("..")).toContainText("60%");
  await expect(numbers.getByText("Approval rate").locator("..")).toContainText("3 approved, 2 rejected");
  await expect(numbers.getByText("Replies").locator("..")).toContainText("50% of sent");
  await expect(numbers.getByText("Cost per reply").locator("..")).toContainText("$0.80");
  // The funnel's rates are the key numbers' figures of the same name: 3 approved of 5 decided is 60% in both places.
  const funnel = page.getByRole("list", { name: "Funnel" });
  await expect(funnel.getByRole("listitem").filter({ hasText: /^Approved/ })).toContainText("60% approval rate");
  await expect(funnel.getByRole("listitem").filter({ hasText: /^Sent/ })).toContainText("67% of approved");
  await expect(funnel.getByRole("listitem").filter({ hasText: /^Replied/ })).toContainText("50% reply rate");
  await expect(page.getByTestId("funnel-decisions")).toHaveText("2 rejected, 1 waiting for review.");
  const chart = page.getByTestId("weekly-chart");
  // The drafts are all this week: the chart starts a few weeks back, not twelve, so the bars are not squeezed.
  await expect(chart).toHaveAttribute("data-weeks", "4");
  await expect(chart.locator(".recharts-xAxis .recharts-cartesian-axis-tick")).toHaveCount(4);
  await expect(chart.getByRole("application")).toBeVisible();
  await expect(chart.getByRole("img", { name: "Replied legend icon" })).toBeVisible();
  // This week's bars are drawn (drafted, approved, sent, replied).
  await expect(chart.locator(".recharts-bar-rectangle path").first()).toBeVisible();
  // Agents by their names, never their slugs.
  const perRunner = page.getByRole("table", { name: "Outcomes per agent and model" });
  await expect(perRunner.getByRole("row", { name: /Claude Code · claude-sonnet-4-5/ })).toContainText("4");
  await expect(perRunner.getByRole("row", { name: /Gemini CLI · gemini-2.5-flash/ })).toContainText("50%");
  await expect(perRunner).not.toContainText("claude-code ·");
  // Playbooks by their titles, the slug only in the address.
  await expect(page.getByRole("table", { name: "Outcomes per playbook" })).toContainText("Forum scout");
  await expect(page.getByRole("table", { name: "Outcomes per playbook" })).not.toContainText("forum-scout");
  // Another period applies at once too, and keeps the campaign.
  await page.getByLabel("Period").selectOption("28");
  await expect(page).toHaveURL(new RegExp(`period=28.*campaignId=${s.campaignId}|campaignId=${s.campaignId}.*period=28`));
  await expect(numbers.getByText("Drafted").locator("..")).toContainText("6");
  await expect(page.getByRole("link", { name: "Clear" })).toBeVisible();
  await shoot(page, "outcomes");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "outcomes-phone");
  // Once the chart has followed the new width (its container re-measures on the next frames), nothing scrolls sideways.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1440, height: 900 });

  // A campaign of another organization, or none, reads as "no such campaign".
  await page.goto("/outcomes?campaignId=2147483000");
  await expect(page.getByText("There is no such campaign in this organization")).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("region", { name: "Outcomes, last 30 days" })).toBeVisible();
  await page.goto(`/campaigns/${s.campaignId}`);
  const campaignNumbers = page.getByRole("region", { name: "Outcomes, last 12 weeks" });
  await expect(campaignNumbers.getByText("Drafted").locator("..")).toContainText("6");
  await expect(campaignNumbers.getByRole("link", { name: "All outcomes →" })).toHaveAttribute("href", `/outcomes?campaignId=${s.campaignId}`);
});

test("the Tuning tab's calibration: approval per score band, a suggested threshold applied in one click, used by the inbox", async ({ page, request }) => {
  const s = await seedCampaign(request, "Judged scout");
  // Reviewers rejected what the judge scored low and approved what it scored high, over the last weeks.
  const decided: [number, string, number][] = [];
  for (let i = 0; i < 12; i++) decided.push([20 + (i % 6) * 5, "rejected", i * 3]);
  for (let i = 0; i < 12; i++) decided.push([62 + (i % 8) * 5, "approved", i * 3]);
  for (const [score, state, daysAgo] of decided) await insertDraft(s, { score, state, daysAgo });
  // Two still in review: one the threshold would hide, one it would show.
  await insertDraft(s, { score: 30, body: "Low-scored draft waiting for review" });
  await insertDraft(s, { score: 90, body: "High-scored draft waiting for review" });

  await page.goto(`/campaigns/${s.campaignId}?tab=tuning`);
  await expect(page.getByTestId("calibration-chart").getByRole("application")).toBeVisible();
  await expect(page.getByText("Approval rate per score band, from 24 decided drafts.", { exact: false })).toBeVisible();
  await expect(page.getByTestId("judge-current")).toContainText("No quality filter on this campaign's inbox");
  await expect(page.getByTestId("judge-current")).toContainText("Agreement with reviewers: 50%");
  const suggestion = page.getByTestId("judge-suggestion");
  await expect(suggestion).toContainText("Suggested threshold: 60");
  await expect(suggestion).toContainText("would have hidden 12 drafts (12 rejected, 0 approved) and shown 12 (12 approved, 0 rejected)");
  await shoot(page, "tuning-calibration");

  await suggestion.getByRole("button", { name: "Use 60 as this campaign's inbox filter" }).click();
  await expect(page.getByTestId("judge-current")).toContainText("This campaign's inbox hides drafts scored below 60");
  await expect(suggestion).toContainText("This is the campaign's inbox filter.");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "tuning-calibration-phone");
  await page.setViewportSize({ width: 1440, height: 900 });

  // The inbox, filtered to the campaign with no minQuality in the address, applies the default and says so.
  await page.getByTestId("judge-current").getByRole("link", { name: "Open the filtered inbox →" }).click();
  await expect(page).toHaveURL(new RegExp(`/inbox\\?campaign=${s.campaignId}$`));
  await expect(page.getByTestId("campaign-quality-default")).toContainText("Showing drafts scored 60 or more");
  await expect(page.getByLabel("Min quality")).toHaveValue("60");
  await expect(page.getByText("High-scored draft waiting for review")).toBeVisible();
  await expect(page.getByText("Low-scored draft waiting for review")).toHaveCount(0);
  await shoot(page, "inbox-campaign-quality-default");
  // An explicit minQuality in the address wins.
  await page.goto(`/inbox?campaign=${s.campaignId}&minQuality=0`);
  await expect(page.getByText("Low-scored draft waiting for review")).toBeVisible();
  await expect(page.getByTestId("campaign-quality-default")).toHaveCount(0);
});
