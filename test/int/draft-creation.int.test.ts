// Draft creation rules shared by the agent tools and the CLI: blocklist, per-organization dedup, variants, quality.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createDrafts } from "@/lib/drafts/create-drafts";
import { updateAppConfig } from "@/lib/config/update-app-config";
import { createAccountRow, createCampaignRow, createOrg, createProject, uid } from "./fixtures";
import type { DraftEntry } from "@/lib/drafts/schemas";
import { mintRunToken } from "@/lib/runs/run-token";
import { draftsCreate } from "@/lib/cli/drafts-commands";
import { connectToolClient } from "./tool-client";

const actor = { type: "run", id: 1 } as const;

async function setup() {
  const org = await createOrg();
  const p = await createProject(org.orgId);
  const [acc, camp] = await Promise.all([createAccountRow(org.orgId, p.id), createCampaignRow(org.orgId, p.id)]);
  // Every entry carries a score (drafts_create requires one); tests about other rules leave it to this default.
  const create = (entries: (Omit<DraftEntry, "accountId" | "qualityScore"> & { qualityScore?: number })[], now?: Date) =>
    createDrafts({ orgId: org.orgId, campaignId: camp.id, actor, now, entries: entries.map((e) => ({ accountId: acc.id, qualityScore: 50, ...e })) });
  return { org, projectId: p.id, accountId: acc.id, campaignId: camp.id, create };
}

let A: Awaited<ReturnType<typeof setup>>;
let B: Awaited<ReturnType<typeof setup>>;
beforeAll(async () => {
  [A, B] = await Promise.all([setup(), setup()]);
});

describe("dedup", () => {
  it("warn mode creates the draft with dedup_warning; another organization's contact never counts", async () => {
    const handle = `shared_${uid()}`;
    // Organization B contacted this handle yesterday.
    await db.contactHistory.create({
      data: { organizationId: B.org.orgId, platform: "forum", targetUser: handle, accountHandle: "b", firstContactedAt: new Date(Date.now() - 86_400_000), lastContactedAt: new Date(Date.now() - 86_400_000) },
    });
    const first = await A.create([{ kind: "dm", targetUser: `u/${handle}`, body: "Hello from A" }]);
    expect(first.created).toHaveLength(1);
    expect(first.created[0]!.dedupWarning).toBeNull();
    expect(first.created[0]!.targetUser).toBe(handle);

    // A's own contact does count: a sent contact ten days ago, inside the 90-day window.
    await db.contactHistory.create({
      data: { organizationId: A.org.orgId, platform: "forum", targetUser: `other_${handle}`, accountHandle: "a", firstContactedAt: new Date(Date.now() - 10 * 86_400_000), lastContactedAt: new Date(Date.now() - 10 * 86_400_000) },
    });
    const again = await A.create([{ kind: "dm", targetUser: `Other_${handle.toUpperCase()}`, body: "Hello again" }]);
    expect(again.created).toHaveLength(1);
    expect(again.created[0]!.dedupWarning).toMatchObject({ source: "contact_history", windowDays: 90 });
    const row = await db.draft.findUniqueOrThrow({ where: { id: again.created[0]!.id } });
    expect(row.dedupWarning).toMatchObject({ source: "contact_history" });
  });

  it("a live draft to the same person in the window also counts; a rejected one does not", async () => {
    const handle = `twice_${uid()}`;
    const [first] = (await A.create([{ kind: "dm", targetUser: handle, body: "One" }])).created;
    const second = await A.create([{ kind: "dm", targetUser: handle, body: "Two" }]);
    expect(second.created[0]!.dedupWarning).toMatchObject({ source: "draft", draftId: first!.id });
    await db.draft.updateMany({ where: { targetUser: handle, organizationId: A.org.orgId }, data: { state: "rejected" } });
    expect((await A.create([{ kind: "dm", targetUser: handle, body: "Three" }])).created[0]!.dedupWarning).toBeNull();
  });

  it("skip mode does not create the draft and reports it under dedupSkipped; outside the window it is created", async () => {
    const org = await setup();
    await updateAppConfig({ orgId: org.org.orgId, patch: { dedup_policy: { window_days: 30, mode: "skip" } } });
    const handle = `skipme_${uid()}`;
    const contacted = new Date("2026-10-01T00:00:00Z");
    await db.contactHistory.create({
      data: { organizationId: org.org.orgId, platform: "forum", targetUser: handle, accountHandle: "a", firstContactedAt: contacted, lastContactedAt: contacted },
    });
    const inside = await org.create([{ kind: "dm", targetUser: handle, body: "Hi" }, { kind: "dm", targetUser: `fresh_${uid()}`, body: "Hi" }], new Date("2026-10-20T00:00:00Z"));
    expect(inside.created).toHaveLength(1);
    expect(inside.dedupSkipped).toEqual([{ index: 0, targetUser: handle, source: "contact_history", lastContactedAt: contacted.toISOString(), draftId: null }]);
    expect(await db.draft.count({ where: { organizationId: org.org.orgId, targetUser: handle } })).toBe(0);

    const outside = await org.create([{ kind: "dm", targetUser: handle, body: "Hi" }], new Date("2026-11-15T00:00:00Z"));
    expect(outside.created).toHaveLength(1);
    expect(outside.dedupSkipped).toEqual([]);
  });

  it("posts and replies are never deduplicated", async () => {
    const handle = `thread_${uid()}`;
    await A.create([{ kind: "dm", targetUser: handle, body: "Opening message" }]);
    const reply = await A.create([{ kind: "reply_dm", targetUser: handle, body: "Thanks for answering" }]);
    expect(reply.created[0]!.dedupWarning).toBeNull();
  });
});

describe("blocklist at creation", () => {
  it("skips users, communities and keywords with the reason; another project's entry does not apply", async () => {
    const tag = uid();
    const otherProject = await createProject(A.org.orgId);
    await db.blocklistEntry.createMany({
      data: [
        { organizationId: A.org.orgId, projectId: null, type: "user", value: `blocked_${tag}` },
        { organizationId: A.org.orgId, projectId: A.projectId, type: "community", value: `nosolicit${tag}` },
        { organizationId: A.org.orgId, projectId: A.projectId, type: "keyword", value: `discount${tag}` },
        { organizationId: A.org.orgId, projectId: otherProject.id, type: "user", value: `elsewhere_${tag}` },
      ],
    });
    const result = await A.create([
      { kind: "dm", targetUser: `u/Blocked_${tag}`, body: "Hi" },
      { kind: "post_comment", targetUser: `poster_${tag}`, targetCommunity: `r/NoSolicit${tag}`, body: "Nice post" },
      { kind: "dm", targetUser: `buyer_${tag}`, body: "Plain text", variants: [`Get a DISCOUNT${tag} today`] },
      { kind: "dm", targetUser: `elsewhere_${tag}`, body: "Hi there" },
      { kind: "dm", targetUser: `classy_${tag}`, body: `Not a substring: xdiscount${tag}y` },
    ]);
    expect(result.skipped.map((s) => [s.index, s.reason, s.blocklist?.type, s.blocklist?.scope])).toEqual([
      [0, "blocklisted", "user", "global"],
      [1, "blocklisted", "community", "project"],
      [2, "blocklisted", "keyword", "project"],
    ]);
    expect(result.skipped[2]!.message).toContain(`discount${tag}`);
    expect(result.created.map((c) => c.index)).toEqual([3, 4]);
  });

  it("an account of another organization or project is skipped as invalid_account", async () => {
    const foreignAccount = await createAccountRow(B.org.orgId, B.projectId);
    const result = await createDrafts({
      orgId: A.org.orgId, campaignId: A.campaignId, actor,
      entries: [{ accountId: foreignAccount.id, kind: "dm", targetUser: "someone", body: "Hi", qualityScore: 50 }],
    });
    expect(result.created).toEqual([]);
    expect(result.skipped).toEqual([{ index: 0, targetUser: "someone", reason: "invalid_account", message: `Account ${foreignAccount.id} not found` }]);
    expect(await db.draft.count({ where: { accountId: foreignAccount.id } })).toBe(0);
  });

  it("for agent tools, an account outside the campaign's project refuses the whole batch like a missing one", async () => {
    const otherProject = await createProject(A.org.orgId);
    const sibling = await createAccountRow(A.org.orgId, otherProject.id);
    const before = await db.draft.count({ where: { campaignId: A.campaignId } });
    const attempt = (accountId: number) =>
      createDrafts({
        orgId: A.org.orgId, campaignId: A.campaignId, actor, refuseForeignAccounts: true,
        entries: [{ accountId: A.accountId, kind: "dm", targetUser: `fine_${Date.now()}`, body: "Hi", qualityScore: 50 }, { accountId, kind: "dm", targetUser: "someone", body: "Hi", qualityScore: 50 }],
      });
    await expect(attempt(sibling.id)).rejects.toMatchObject({ code: "not_found", message: `Account ${sibling.id} not found. Use an accountId from run_start.` });
    await expect(attempt(2_000_000_000)).rejects.toMatchObject({ code: "not_found", message: "Account 2000000000 not found. Use an accountId from run_start." });
    expect(await db.draft.count({ where: { campaignId: A.campaignId } })).toBe(before);
  });
});

describe("stored fields", () => {
  it("keeps the quality score, reason and judge model with the body, and a created event per draft", async () => {
    const { created } = await A.create([
      { kind: "dm", targetUser: `q_${uid()}`, body: "Scored", qualityScore: 82, qualityReason: "Specific and kind", qualityModel: "judge-1" },
    ]);
    const row = await db.draft.findUniqueOrThrow({ where: { id: created[0]!.id } });
    expect(row).toMatchObject({ qualityScore: 82, qualityReason: "Specific and kind", qualityModel: "judge-1", state: "pending_review", campaignId: A.campaignId, projectId: A.projectId });
    expect(await db.draftEvent.findFirst({ where: { draftId: row.id } })).toMatchObject({ event: "created", actorType: "run", actorId: 1 });
  });

  it("variants get alphabetical labels and one group id", async () => {
    const { created } = await A.create([{ kind: "dm", targetUser: `var_${uid()}`, body: "A", variants: ["B", "C", "D"] }]);
    expect(created.map((c) => c.variantLabel)).toEqual(["A", "B", "C", "D"]);
    expect(new Set(created.map((c) => c.variantGroupId)).size).toBe(1);
    expect(created[0]!.variantGroupId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the quality score is required (SPEC \"Quality scoring\": every draft has one)", () => {
  it("drafts_create refuses a batch with an unscored entry, naming it, and writes nothing", async () => {
    const { token, hash } = mintRunToken();
    const run = await db.run.create({
      data: { organizationId: A.org.orgId, campaignId: A.campaignId, projectId: A.projectId, kind: "campaign", runner: "cloud", status: "running", runTokenHash: hash },
    });
    const client = await connectToolClient({ runId: run.id, token });
    try {
      const scored = { accountId: A.accountId, kind: "dm", targetUser: `scored_${uid()}`, body: "Hi, a scored one", qualityScore: 70 };
      const unscored = { accountId: A.accountId, kind: "dm", targetUser: `unscored_${uid()}`, body: "Hi, no score" };
      const refused = await client.callTool("drafts_create", { entries: [scored, unscored] });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/expected number, received undefined at entries\[1\]\.qualityScore/);
      expect(await db.draft.count({ where: { runId: run.id } })).toBe(0);

      const ok = await client.callTool("drafts_create", { entries: [scored] });
      expect(ok.isError, ok.text).toBe(false);
      expect(await db.draft.findFirstOrThrow({ where: { runId: run.id } })).toMatchObject({ qualityScore: 70, targetUser: scored.targetUser });
    } finally {
      await client.close();
    }
  });

  it("drafts_create answers each created draft with its entry's index, and variant siblings with their group id", async () => {
    // Organization B: A's campaign already has a running run above.
    const { token, hash } = mintRunToken();
    const run = await db.run.create({
      data: { organizationId: B.org.orgId, campaignId: B.campaignId, projectId: B.projectId, kind: "campaign", runner: "cloud", status: "running", runTokenHash: hash },
    });
    const tag = uid();
    await db.blocklistEntry.create({ data: { organizationId: B.org.orgId, projectId: null, type: "user", value: `nope_${tag}` } });
    const client = await connectToolClient({ runId: run.id, token });
    try {
      const entry = (targetUser: string, extra: Record<string, unknown> = {}) => ({ accountId: B.accountId, kind: "dm", targetUser, body: `Hi ${targetUser}`, qualityScore: 60, ...extra });
      const res = await client.callTool("drafts_create", {
        entries: [entry(`nope_${tag}`), entry(`plain_${tag}`), entry(`ab_${tag}`, { variants: ["Hello, a second way"] }), entry(`last_${tag}`)],
      });
      expect(res.isError, res.text).toBe(false);
      const answer = JSON.parse(res.text) as { created: Array<Record<string, unknown>>; skipped: Array<{ index: number; reason: string }> };
      expect(answer.skipped.map((s) => [s.index, s.reason])).toEqual([[0, "blocklisted"]]);
      expect(answer.created.map((c) => [c.index, c.targetUser, c.variantLabel])).toEqual([
        [1, `plain_${tag}`, null],
        [2, `ab_${tag}`, "A"],
        [2, `ab_${tag}`, "B"],
        [3, `last_${tag}`, null],
      ]);
      const [plain, a, b, last] = answer.created;
      expect(plain).not.toHaveProperty("variantGroupId");
      expect(last).not.toHaveProperty("variantGroupId");
      expect(a!.variantGroupId).toMatch(/^[0-9a-f-]{36}$/);
      expect(b!.variantGroupId).toBe(a!.variantGroupId);
      // The ids answered are the drafts written, with the group the answer names.
      const rows = await db.draft.findMany({ where: { runId: run.id }, orderBy: { id: "asc" } });
      expect(rows.map((r) => [r.id, r.variantGroupId])).toEqual(answer.created.map((c) => [c.id, c.variantGroupId ?? null]));
    } finally {
      await client.close();
    }
  });

  it("outreach drafts:create refuses an entries file with an unscored entry and writes nothing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drafts-cli-"));
    const file = path.join(dir, "entries.json");
    const target = `cli_${uid()}`;
    fs.writeFileSync(file, JSON.stringify([{ accountId: A.accountId, kind: "dm", targetUser: target, body: "Hi from the CLI" }]));
    await expect(draftsCreate(["--file", file, "--campaign", String(A.campaignId), "--org", String(A.org.orgId)])).rejects.toThrow(/0\.qualityScore/);
    expect(await db.draft.count({ where: { organizationId: A.org.orgId, targetUser: target } })).toBe(0);
    fs.writeFileSync(file, JSON.stringify([{ accountId: A.accountId, kind: "dm", targetUser: target, body: "Hi from the CLI", qualityScore: 64 }]));
    const made = (await draftsCreate(["--file", file, "--campaign", String(A.campaignId), "--org", String(A.org.orgId)])) as { created: { id: number }[] };
    expect(made.created).toHaveLength(1);
    expect((await db.draft.findUniqueOrThrow({ where: { id: made.created[0]!.id } })).qualityScore).toBe(64);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
