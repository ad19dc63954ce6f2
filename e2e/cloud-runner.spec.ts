// The cloud runner from a user's seat: the e2e server is configured with a relay address and a token
// (e2e/server.ts), and Settings says the relay cannot be reached until this spec starts one (`npm run relay`'s entry,
// its backend the scripted fake agent). Re-detect then shows it connected, and Run now on a campaign left on the
// default runner runs through it: the log streams, the drafts reach the open inbox, and the cost lands on the run.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "./fixtures/hydration";
import pg from "pg";
import { databaseUrl, shoot, uid } from "./helpers";
import { E2E_RELAY_FILE, writeFakeBackends } from "./server";

async function startRelay(port: number, publicKey: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "runner-relay/main.ts"], {
    env: { ...process.env, OUTREACH_RELAY_PORT: String(port), RELAY_BACKEND: "fake-agent", OUTREACH_EXTRA_BACKENDS: writeFakeBackends(), RELAY_TOKEN_PUBLIC_KEY: publicKey },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("RELAY_READY")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the relay exited with ${code}: ${out}`)));
  });
  return child;
}

/** The campaign's own playbook becomes the fake agent's script (the agent stands in for the LLM reading it). */
async function scriptCampaignPlaybook(campaignId: number, slug: string, script: unknown) {
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    const pb = await db.query<{ id: number }>(
      `INSERT INTO playbooks (organization_id, slug, title, body, updated_at)
       SELECT organization_id, $2, 'Cloud test', $3, now() FROM campaigns WHERE id = $1 RETURNING id`,
      [campaignId, slug, `Scripted playbook.\n\n\`\`\`fake-agent\n${JSON.stringify(script)}\n\`\`\`\n`],
    );
    await db.query("UPDATE campaigns SET playbook_id = $1 WHERE id = $2", [pb.rows[0]!.id, campaignId]);
  } finally {
    await db.end();
  }
}

let relay: ChildProcess | null = null;

// After the test, whatever ended it (a timeout included: the test body is then abandoned mid-await), the relay is
// stopped and the runners detected again, so no later spec finds the cloud runner connected.
test.afterEach(async ({ request }) => {
  if (relay && relay.exitCode === null) {
    const exited = new Promise((r) => relay!.once("exit", r));
    relay.kill("SIGTERM");
    await exited;
  }
  relay = null;
  expect((await request.post("/api/runners")).status()).toBe(200);
});

test("Run now on the default cloud runner: Settings shows the relay connected, the log streams and the drafts arrive", async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const { port, publicKey } = JSON.parse(fs.readFileSync(E2E_RELAY_FILE, "utf8")) as { port: number; publicKey: string };
  const u = uid();

  // No relay yet: the runner says why it cannot run (detected afresh, whatever an earlier spec did).
  expect((await request.post("/api/runners")).status()).toBe(200);
  await page.goto("/settings");
  const cloudRow = page.getByRole("table", { name: "Agent runners" }).getByRole("row").filter({ hasText: "relay over WebSocket" });
  await expect(cloudRow).toContainText("Unavailable");
  await expect(cloudRow).toContainText(`Cannot reach the cloud runner relay at 127.0.0.1:${port} (ECONNREFUSED)`);

  relay = await startRelay(port, publicKey);
  {
    // Detection probes every runner's command line (a CLI's --version can take seconds on a busy machine): the row is
    // read once the answer is in.
    const [detected] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/runners") && r.request().method() === "POST", { timeout: 60_000 }),
      page.getByRole("button", { name: "Re-detect" }).click(),
    ]);
    expect(detected.status()).toBe(200);
    await expect(cloudRow).toContainText("Connected · relay 1.0.0, fake-agent");
    await expect(cloudRow).toContainText("Ready to run campaigns.");
    await cloudRow.scrollIntoViewIfNeeded();
    await shoot(page, "settings-runners-cloud-connected");

    // A campaign that leaves the runner alone gets the default: cloud.
    const project = (await (await request.post("/api/projects", { data: { name: `Cloud run ${u}` } })).json()) as { id: number };
    expect((await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `sender_${u}` } })).status()).toBe(201);
    const created = await request.post("/api/campaigns", {
      data: { projectId: project.id, name: `Cloud scout ${u}`, platform: "forum", skill: "forum-scout", config: { audience: "maintainers of CI tools", communities: ["devops"], tone: "Plain", offer: "A retry helper", rules: [], maxDraftsPerRun: 3 } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const campaign = (await created.json()) as { id: number; runner: string };
    expect(campaign.runner).toBe("cloud");
    await scriptCampaignPlaybook(campaign.id, `cloud-${u}`, {
      steps: [
        { say: "Reading the campaign through the cloud runner." },
        { tool: "run_start" },
        { sleep: 1000 },
        { tool: "drafts_create", args: { entries: [{ accountId: "$account", kind: "dm", targetUser: `carol_${u}`, body: "Hi Carol, your note on retries was useful.", qualityScore: 77 }] } },
        { usage: { inputTokens: 30_000, outputTokens: 2_000, cacheReadTokens: 0, cacheCreationTokens: 0 }, costUsd: 0.0912 },
        { say: "Drafted one DM from the cloud." },
        { tool: "run_finish", args: { summary: "One DM drafted" } },
      ],
    });

    const inbox = await context.newPage();
    await inbox.goto("/inbox");
    await expect(inbox.getByRole("status", { name: "Live updates: Live" })).toBeVisible();

    await page.goto(`/campaigns/${campaign.id}`);
    await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
    // The run's page is opened from the run id the button's request answered: the scripted run is quick, and the
    // "View live log" link is gone once it has finished.
    const [started] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/run") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Run now" }).click(),
    ]);
    expect(started.status()).toBe(202);
    const { runId } = (await started.json()) as { runId: number };
    await page.goto(`/runs/${runId}`);
    await expect(page.getByText("Reading the campaign through the cloud runner.")).toBeVisible();
    await expect(page.locator("[data-tool-call] summary").first()).toContainText(/Read(ing)? the (campaign )?brief/);
    await expect(page.getByText("Drafted one DM from the cloud.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Success").first()).toBeVisible({ timeout: 20_000 });
    await page.getByText("Technical details").click();
    await expect(page.getByText("Connected to the cloud runner · fake-agent, relay 1.0.0")).toBeVisible();
    await expect(page.getByText("$0.0912").first()).toBeVisible();
    await shoot(page, "run-log-cloud-runner");

    await expect(inbox.getByText(`carol_${u}`).first()).toBeVisible({ timeout: 15_000 });
    await inbox.close();
  }
});
