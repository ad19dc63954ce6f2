// Sending spread over accounts (docs/sending-limits.md "Spread over accounts") through the real routes: a campaign's
// accounts are set and read back with their room; drafts made without an account go, at send time, from the account
// with the most room, in turns among equals; a person stays with the account they were first sent from; when every
// account is used up the draft is held with each account's limit in words; the extension's armed call chooses the
// account before the person writes on the platform; and three app instances sending at once never put an account
// over its cap (counted in SQL).
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createDrafts } from "@/lib/drafts/create-drafts";
import { getRunContext } from "@/lib/runs/get-run-context";
import * as draftRoute from "@/app/api/drafts/[id]/route";
import * as policyRoute from "@/app/api/accounts/[id]/sending-policy/route";
import * as sendAccountsRoute from "@/app/api/campaigns/[id]/send-accounts/route";
import * as extArmed from "@/app/api/extension/draft/[id]/armed/route";
import * as extSent from "@/app/api/extension/draft/[id]/sent/route";
import { log } from "@/lib/log/logger";
import { sealCredentials } from "@/lib/crypto/credentials";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { autoPostJob } from "@/lib/jobs/auto-post";
import * as fakeFederated from "../fakes/fake-federated";
import { call } from "./http";
import { createAccountRow, createCampaignRow, createDevice, createOrg, createProject, uid, type OrgFixture } from "./fixtures";

let A: OrgFixture;
const children: ChildProcess[] = [];

beforeAll(async () => {
  A = await createOrg();
});
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill();
});

const setPolicy = (accountId: number, body: Record<string, unknown>) =>
  call(policyRoute.PATCH, { method: "PATCH", cookie: A.cookie, params: { id: String(accountId) }, body });
const setSendAccounts = (campaignId: number, accountIds: number[], org = A) =>
  call(sendAccountsRoute.PUT, { method: "PUT", cookie: org.cookie, params: { id: String(campaignId) }, body: { accountIds } });
const send = (id: number) => call(draftRoute.PATCH, { method: "PATCH", cookie: A.cookie, params: { id: String(id) }, body: { state: "sent" } });

/** A project with `caps.length` forum accounts, each with its own daily cap and no gap, and a campaign sending from all. */
async function spreadCampaign(caps: number[]) {
  const project = await createProject(A.orgId);
  const accounts = [];
  for (const cap of caps) {
    const account = await createAccountRow(A.orgId, project.id, "forum", { limits: "platform" });
    expect((await setPolicy(account.id, { dailyCap: cap, hourlyCap: cap, minGapSeconds: 0, jitterSeconds: 0, warmup: false })).status).toBe(200);
    accounts.push(account);
  }
  const campaign = await createCampaignRow(A.orgId, project.id);
  const set = await setSendAccounts(campaign.id, accounts.map((a) => a.id));
  expect(set.status).toBe(200);
  return { project, accounts, campaign };
}

/** An approved draft of the campaign with no account: the spread chooses one when it is sent. */
async function unassigned(c: { project: { id: number }; campaign: { id: number } }, targetUser = `person_${uid()}`) {
  return db.draft.create({
    data: {
      organizationId: A.orgId, projectId: c.project.id, campaignId: c.campaign.id, accountId: null, accountHandle: "", state: "approved",
      kind: "dm", platform: "forum", targetUser, body: `Hello ${targetUser}, a note about flaky builds.`,
    },
  });
}

const sentPerAccount = async (accountIds: number[]) =>
  new Map(
    (await db.$queryRaw<Array<{ account_id: number; n: number }>>`
      SELECT account_id, count(*)::int AS n FROM account_sends WHERE account_id = ANY(${accountIds}::int[]) GROUP BY account_id`).map((r) => [r.account_id, r.n]),
  );

describe("the campaign's sending accounts", () => {
  it("are set and read back with each account's room today and health; another platform's account is refused", async () => {
    const c = await spreadCampaign([5, 7]);
    const other = await createAccountRow(A.orgId, c.project.id, "forum");
    const read = await call(sendAccountsRoute.GET, { cookie: A.cookie, params: { id: String(c.campaign.id) } });
    expect(read.status).toBe(200);
    expect(read.json.accounts.map((a: { handle: string }) => a.handle)).toEqual(c.accounts.map((a) => a.platformId));
    expect(read.json.accounts[0]).toMatchObject({
      id: c.accounts[0]!.id,
      sending: { sentLast24h: 0, dayCap: 5, roomToday: 5, nextSendAllowedAt: null },
      health: { credentials: "none", checkedPosts: 0, removedPosts: 0, words: "No checked posts in 30 days" },
    });
    expect(read.json.available).toEqual([{ id: other.id, handle: other.platformId, displayName: null }]);

    const fed = await createAccountRow(A.orgId, c.project.id, "federated");
    const refused = await setSendAccounts(c.campaign.id, [c.accounts[0]!.id, fed.id]);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe(`${fed.platformId} is a federated account; the campaign sends on forum`);
    expect(await db.campaignSendAccount.count({ where: { campaignId: c.campaign.id } })).toBe(2);

    // Another project's account of the same organization is not the campaign's to send from.
    const elsewhere = await createAccountRow(A.orgId, (await createProject(A.orgId)).id, "forum");
    expect((await setSendAccounts(c.campaign.id, [elsewhere.id])).status).toBe(404);

    const off = await setSendAccounts(c.campaign.id, []);
    expect(off.status).toBe(200);
    expect(off.json.accounts).toEqual([]);
    expect(await db.campaignSendAccount.count({ where: { campaignId: c.campaign.id } })).toBe(0);
  });

  it("run_start tells the agent; drafts_create takes entries without an account only for a campaign that sends from several accounts", async () => {
    const c = await spreadCampaign([5, 5]);
    const run = await db.run.create({ data: { organizationId: A.orgId, projectId: c.project.id, campaignId: c.campaign.id, kind: "campaign", runner: "cloud", status: "running" } });
    const context = await getRunContext({ orgId: A.orgId, runId: run.id });
    expect(context.sendAccounts.accountIds).toEqual(c.accounts.map((a) => a.id));
    expect(context.sendAccounts.note).toMatch(/^This campaign sends from several accounts: leave accountId out/);
    const entry = { kind: "dm" as const, targetUser: `u/Spread_${uid()}`, body: "Hello, a short note.", qualityScore: 70 };
    const made = await createDrafts({ orgId: A.orgId, campaignId: c.campaign.id, actor: { type: "system", label: "cli" }, entries: [entry], refuseForeignAccounts: true });
    expect(made.created).toHaveLength(1);
    const row = await db.draft.findUniqueOrThrow({ where: { id: made.created[0]!.id } });
    expect({ accountId: row.accountId, accountHandle: row.accountHandle, projectId: row.projectId, platform: row.platform }).toEqual({
      accountId: null, accountHandle: "", projectId: c.project.id, platform: "forum",
    });

    const plain = await createCampaignRow(A.orgId, c.project.id);
    const plainRun = await db.run.create({ data: { organizationId: A.orgId, projectId: c.project.id, campaignId: plain.id, kind: "campaign", runner: "cloud", status: "running" } });
    expect((await getRunContext({ orgId: A.orgId, runId: plainRun.id })).sendAccounts).toEqual({ accountIds: [], note: "Each draft names its accountId." });
    const refused = await createDrafts({ orgId: A.orgId, campaignId: plain.id, actor: { type: "system", label: "cli" }, entries: [entry] });
    expect(refused.created).toEqual([]);
    expect(refused.skipped).toEqual([
      expect.objectContaining({ reason: "invalid_account", message: "accountId is required: this campaign does not send from several accounts" }),
    ]);
  });
});

describe("choosing the account at send time", () => {
  it("goes from the account with the most room, in turns among equals, and holds with every account's limit when all are used up", async () => {
    const c = await spreadCampaign([2, 2, 3]);
    const [a, b, big] = c.accounts as [typeof c.accounts[0], typeof c.accounts[0], typeof c.accounts[0]];
    const order: number[] = [];
    for (let i = 0; i < 7; i++) {
      const d = await unassigned(c);
      const res = await send(d.id);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const row = await db.draft.findUniqueOrThrow({ where: { id: d.id } });
      order.push(row.accountId!);
      expect(row.accountHandle).toBe(c.accounts.find((x) => x.id === row.accountId)!.platformId);
    }
    // big has room 3 against 2 and 2: it goes first; then all three have 2 and take turns (the one given a draft
    // longest ago first), and so on down to the last slot.
    expect(order).toEqual([big.id, a.id, b.id, big.id, a.id, b.id, big.id]);

    const last = await unassigned(c);
    const held = await send(last.id);
    expect(held.status).toBe(409);
    expect(held.json.error).toBe("held");
    expect(held.json.reason).toBe(
      "None of the campaign's 3 accounts may send now. " +
      `The sending limits of ${a.platformId}: 2 of 2 sends in the last 24 hours; 2 of 2 sends in the last hour. ` +
      `The sending limits of ${b.platformId}: 2 of 2 sends in the last 24 hours; 2 of 2 sends in the last hour. ` +
      `The sending limits of ${big.platformId}: 3 of 3 sends in the last 24 hours; 3 of 3 sends in the last hour`,
    );
    const row = await db.draft.findUniqueOrThrow({ where: { id: last.id } });
    expect({ state: row.state, accountId: row.accountId, heldReason: row.heldReason }).toEqual({ state: "approved", accountId: null, heldReason: held.json.reason });
    expect(Object.fromEntries(await sentPerAccount(c.accounts.map((x) => x.id)))).toEqual({ [a.id]: 2, [b.id]: 2, [big.id]: 3 });
  });

  it("a person stays with the account they were first sent from, even when another has more room; held under its limits", async () => {
    const c = await spreadCampaign([2, 10]);
    const [small, roomy] = c.accounts as [typeof c.accounts[0], typeof c.accounts[0]];
    const person = `Grace_${uid()}`;
    // Grace was first written to from the small account (a draft that named it).
    const first = await db.draft.create({
      data: {
        organizationId: A.orgId, projectId: c.project.id, campaignId: c.campaign.id, accountId: small.id, accountHandle: small.platformId,
        state: "approved", kind: "dm", platform: "forum", targetUser: person, body: "First note.",
      },
    });
    expect((await send(first.id)).status).toBe(200);

    // Her next draft without an account goes from the small account though the roomy one has 10 free; her handle
    // written in another case is still her.
    const again = await unassigned(c, `u/${person.toLowerCase()}`);
    expect((await send(again.id)).status).toBe(200);
    expect((await db.draft.findUniqueOrThrow({ where: { id: again.id } })).accountId).toBe(small.id);

    // Someone new goes from the roomy one.
    const stranger = await unassigned(c);
    expect((await send(stranger.id)).status).toBe(200);
    expect((await db.draft.findUniqueOrThrow({ where: { id: stranger.id } })).accountId).toBe(roomy.id);

    // The small account is used up: Grace's third draft waits for it rather than moving to the roomy account.
    const third = await unassigned(c, person);
    const held = await send(third.id);
    expect(held.status).toBe(409);
    expect(held.json.reason).toBe(
      `${person.toLowerCase()} was contacted from ${small.platformId} before, so it goes from that account. ` +
      `The sending limits of ${small.platformId}: 2 of 2 sends in the last 24 hours; 2 of 2 sends in the last hour`,
    );
    expect(Object.fromEntries(await sentPerAccount([small.id, roomy.id]))).toEqual({ [small.id]: 2, [roomy.id]: 1 });
  });

  it("the extension's armed call chooses the account before the person writes; its sent call counts it there", async () => {
    const c = await spreadCampaign([4, 4]);
    const { token } = await createDevice(A.orgId);
    const asDevice = (id: number) => ({ method: "POST", params: { id: String(id) }, headers: { authorization: `Bearer ${token}` }, body: {} });
    const d = await unassigned(c);
    const armed = await call(extArmed.POST, asDevice(d.id));
    expect(armed.status).toBe(200);
    const chosen = (await db.draft.findUniqueOrThrow({ where: { id: d.id } })).accountId;
    expect(c.accounts.map((a) => a.id)).toContain(chosen);
    expect(await db.accountSend.count({ where: { draftId: d.id } })).toBe(0);
    expect((await call(extSent.POST, asDevice(d.id))).json.state).toBe("sent");
    expect(await db.accountSend.findMany({ where: { draftId: d.id }, select: { accountId: true } })).toEqual([{ accountId: chosen }]);
    const contact = await db.contactHistory.findFirstOrThrow({ where: { organizationId: A.orgId, targetUser: d.targetUser.toLowerCase() } });
    expect(contact.accountHandle).toBe(c.accounts.find((a) => a.id === chosen)!.platformId);
  });
});

describe("auto-post over two federated accounts", () => {
  let fed: fakeFederated.FakeFederated;
  beforeAll(async () => {
    fed = await fakeFederated.start();
    process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = "on";
  });
  afterAll(async () => {
    delete process.env.OUTREACH_ALLOW_PRIVATE_HOSTS;
    await fed?.close();
  });

  it("posts each draft from the account chosen for it, with that account's token, and holds the one no account has room for", async () => {
    const project = await createProject(A.orgId);
    const accounts = [];
    for (const name of ["east", "west"]) {
      const token = `tok-${name}-${uid()}`;
      fed.addToken(token, fed.addAccount({ username: `${name}_${uid()}` }));
      const sealed = sealCredentials({ instanceUrl: fed.url, accessToken: token });
      const account = await db.account.create({
        data: { organizationId: A.orgId, projectId: project.id, platform: "federated", platformId: `${name}_${uid()}`, credentialsCiphertext: sealed.ciphertext, credentialsKeyId: sealed.keyId },
      });
      expect((await setPolicy(account.id, { dailyCap: 1, hourlyCap: 1, warmup: false, minGapSeconds: 0, jitterSeconds: 0 })).status).toBe(200);
      accounts.push({ account, token });
    }
    const campaign = await db.campaign.create({
      data: { organizationId: A.orgId, projectId: project.id, name: `Fed ${uid()}`, platform: "federated", skill: "federated-scout", runner: "cloud", autoPost: true },
    });
    expect((await setSendAccounts(campaign.id, accounts.map((a) => a.account.id))).status).toBe(200);
    const drafts = [];
    for (let i = 0; i < 3; i++) {
      const d = await db.draft.create({
        data: {
          organizationId: A.orgId, projectId: project.id, campaignId: campaign.id, accountId: null, accountHandle: "", state: "pending_review",
          kind: "dm", platform: "federated", targetUser: `ann_${uid()}@social.example`, body: `Saw your question (${uid()}).`, qualityScore: 70,
        },
      });
      await approveDraft({ orgId: A.orgId, id: d.id, actor: { type: "user", id: A.userId, label: A.username } });
      drafts.push(d);
    }

    const result = await autoPostJob.run({ now: new Date(), log, orgIds: [A.orgId] });
    expect(result).toMatchObject({ posted: 2, held: 1, failed: 0 });
    const rows = await db.draft.findMany({ where: { id: { in: drafts.map((d) => d.id) } }, orderBy: { id: "asc" } });
    const sent = rows.filter((r) => r.state === "sent");
    // One from each account, each posted with its own account's token.
    expect(sent.map((r) => r.accountId).sort()).toEqual(accounts.map((a) => a.account.id).sort());
    for (const r of sent) {
      const { token } = accounts.find((a) => a.account.id === r.accountId)!;
      expect(fed.received.filter((p) => p.idempotencyKey?.startsWith(`outreach-draft-${r.id}-`)).map((p) => p.authorization)).toEqual([`Bearer ${token}`]);
    }
    const held = rows.find((r) => r.state === "approved")!;
    expect(held.accountId).toBeNull();
    expect(held.heldReason).toMatch(/^None of the campaign's 2 accounts may send now\. /);
    expect(fed.received.some((p) => p.idempotencyKey?.startsWith(`outreach-draft-${held.id}-`))).toBe(false);
    expect(Object.fromEntries(await sentPerAccount(accounts.map((a) => a.account.id)))).toEqual(Object.fromEntries(accounts.map((a) => [a.account.id, 1])));
  });
});

/** Another app instance (its own process and connection pool) sending the given drafts through the extension's sent route. */
function startInstance(token: string, ids: number[]) {
  const proc = spawn(process.execPath, ["--import", "tsx", "test/int/sending-instance-child.ts", token, ids.join(",")], {
    env: process.env, stdio: ["pipe", "pipe", "inherit"],
  });
  children.push(proc);
  const answers: Array<{ id: number; status: number; error: string | null }> = [];
  let buffer = "";
  let onReady!: () => void;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const done = new Promise<void>((resolve, reject) => {
    proc.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`instance exited with ${code}`))));
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

describe("spread with three app instances at once", () => {
  it("sends exactly the three accounts' caps, never one over its own, and holds every other draft", async () => {
    const CAPS = [3, 4, 5];
    const c = await spreadCampaign(CAPS);
    const drafts = [];
    for (let i = 0; i < 30; i++) drafts.push(await unassigned(c));
    const { token } = await createDevice(A.orgId);
    const [mine, second, third] = [drafts.slice(0, 10), drafts.slice(10, 20), drafts.slice(20)].map((ds) => ds.map((d) => d.id)) as [number[], number[], number[]];

    const instances = [startInstance(token, second), startInstance(token, third)];
    await Promise.all(instances.map((i) => i.ready));
    for (const i of instances) i.go();
    const here = await Promise.all(
      mine.map(async (id) => {
        const res = await send(id);
        return { id, status: res.status, error: res.json?.error ?? null };
      }),
    );
    await Promise.all(instances.map((i) => i.done));

    const answers = [...here, ...instances.flatMap((i) => i.answers)];
    expect(answers).toHaveLength(30);
    expect(answers.filter((a) => a.status !== 200 && !(a.status === 409 && a.error === "held"))).toEqual([]);
    const total = CAPS.reduce((x, y) => x + y, 0);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(total);

    // Counted in SQL: each account sent exactly its cap, every sent draft names the account its send was counted
    // against, and every other draft is still approved, without an account, held with the reason.
    const ids = c.accounts.map((a) => a.id);
    expect(Object.fromEntries(await sentPerAccount(ids))).toEqual(Object.fromEntries(ids.map((id, i) => [id, CAPS[i]])));
    const mismatched = await db.$queryRaw<Array<{ id: number }>>`
      SELECT d.id FROM drafts d JOIN account_sends s ON s.draft_id = d.id
       WHERE d.id = ANY(${drafts.map((d) => d.id)}::int[]) AND (s.account_id <> d.account_id OR d.state <> 'sent')`;
    expect(mismatched).toEqual([]);
    const rows = await db.draft.findMany({ where: { id: { in: drafts.map((d) => d.id) } } });
    expect(rows.filter((r) => r.state === "sent")).toHaveLength(total);
    const held = rows.filter((r) => r.state === "approved");
    expect(held).toHaveLength(30 - total);
    for (const r of held) {
      expect(r.accountId).toBeNull();
      expect(r.heldReason).toMatch(/^None of the campaign's 3 accounts may send now\. /);
      for (const a of c.accounts) expect(r.heldReason).toContain(`The sending limits of ${a.platformId}:`);
    }
  });
});
