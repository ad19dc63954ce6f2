// Fixtures create exactly what a test needs, with unique names, so tests never depend on each other's rows.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { encodeSession, SESSION_COOKIE } from "@/lib/auth/session-cookie";
import type { Role } from "@/lib/generated/prisma/enums";

export const uid = () => randomBytes(4).toString("hex");

let sharedHash: Promise<string> | undefined;
export const FIXTURE_PASSWORD = "correct horse battery";

export interface OrgFixture {
  orgId: number;
  userId: number;
  username: string;
  cookie: string;
}

/** An organization with one member (owner by default) and a valid session cookie for them. */
export async function createOrg(opts: { role?: Role } = {}): Promise<OrgFixture> {
  sharedHash ??= hashPassword(FIXTURE_PASSWORD);
  const tag = uid();
  const org = await db.organization.create({ data: { name: `Org ${tag}`, slug: `org-${tag}` } });
  const user = await db.user.create({ data: { username: `user-${tag}`, passwordHash: await sharedHash } });
  await db.membership.create({ data: { organizationId: org.id, userId: user.id, role: opts.role ?? "owner" } });
  const token = await encodeSession({ userId: user.id, orgId: org.id, username: user.username });
  return { orgId: org.id, userId: user.id, username: user.username, cookie: `${SESSION_COOKIE}=${token}` };
}

export async function createProject(orgId: number, name = `Project ${uid()}`) {
  return db.project.create({ data: { organizationId: orgId, name, description: "A project" } });
}

/**
 * Sending limits that never hold a send: suites about something else send several drafts of one account within a
 * second. The limits themselves are tested with the platform's defaults in sending-limits.int.test.ts.
 */
export const NO_SENDING_LIMITS = { dailyCap: 1000, hourlyCap: 200, minGapSeconds: 0, jitterSeconds: 0, warmup: false };

export async function createAccountRow(orgId: number, projectId: number, platform = "forum", opts: { limits?: "none" | "platform" } = {}) {
  return db.account.create({
    data: {
      organizationId: orgId, projectId, platform, platformId: `handle_${uid()}`, isDefault: false,
      ...((opts.limits ?? "none") === "none" ? { sendingPolicy: NO_SENDING_LIMITS } : {}),
    },
  });
}

export async function createCampaignRow(orgId: number, projectId: number) {
  return db.campaign.create({
    data: { organizationId: orgId, projectId, name: `Campaign ${uid()}`, platform: "forum", skill: "forum-scout", runner: "cloud" },
  });
}

export async function createTemplateRow(orgId: number, projectId: number) {
  return db.template.create({ data: { organizationId: orgId, projectId, kind: "dm", title: `T ${uid()}`, body: "Hello there" } });
}

export async function createBlocklistRow(orgId: number, projectId: number | null = null) {
  return db.blocklistEntry.create({ data: { organizationId: orgId, projectId, type: "user", value: `spam_${uid()}` } });
}

export async function createDevice(orgId: number) {
  const { hashDeviceToken } = await import("@/lib/extension/resolve-device");
  const token = `odt_${randomBytes(24).toString("base64url")}`;
  const device = await db.extensionDevice.create({
    data: { organizationId: orgId, tokenHash: hashDeviceToken(token), tokenPrefix: token.slice(0, 8) },
  });
  return { device, token };
}

/**
 * The account drafts go from when a test does not name one: every send needs an account whose limits it counts against
 * (lib/sending/take-send-slot.ts), and this one's never hold a send. It belongs to the draft's project, or, for a
 * draft without one, to a project of its own; one per project (or organization), made on first use.
 */
const fixtureAccounts = new Map<string, Promise<number>>();
function fixtureSendingAccount(orgId: number, projectId: number | null): Promise<number> {
  const key = `${orgId}:${projectId ?? "none"}`;
  let account = fixtureAccounts.get(key);
  if (!account) {
    account = (async () => {
      const project = projectId ?? (await db.project.create({ data: { organizationId: orgId, name: `Sending ${uid()}`, description: "Where fixture drafts are sent from" } })).id;
      const row = await db.account.create({
        data: { organizationId: orgId, projectId: project, platform: "forum", platformId: `me_${uid()}`, sendingPolicy: NO_SENDING_LIMITS },
      });
      return row.id;
    })();
    fixtureAccounts.set(key, account);
  }
  return account;
}

/**
 * A draft row in any state, written directly (the creation rules have their own tests). Without an `accountId` it goes
 * from the organization's fixture account (unlimited); `accountId: null` makes one with no account at all.
 */
export async function createDraftRow(
  orgId: number,
  opts: { projectId?: number | null; accountId?: number | null; campaignId?: number | null; state?: import("@/lib/generated/prisma/enums").DraftState; kind?: import("@/lib/generated/prisma/enums").DraftKind; targetUser?: string; body?: string; qualityScore?: number | null; variantGroupId?: string | null; variantLabel?: string | null; draftingRunId?: number | null; platform?: string } = {},
) {
  return db.draft.create({
    data: {
      organizationId: orgId,
      projectId: opts.projectId ?? null,
      accountId: opts.accountId === undefined ? await fixtureSendingAccount(orgId, opts.projectId ?? null) : opts.accountId,
      campaignId: opts.campaignId ?? null,
      state: opts.state ?? "pending_review",
      kind: opts.kind ?? "dm",
      platform: opts.platform ?? "forum",
      accountHandle: "me",
      targetUser: opts.targetUser ?? `person_${uid()}`,
      body: opts.body ?? "Hi, I read your post about onboarding and had a thought.",
      qualityScore: opts.qualityScore ?? null,
      variantGroupId: opts.variantGroupId ?? null,
      variantLabel: opts.variantLabel ?? null,
      draftingRunId: opts.draftingRunId ?? null,
    },
  });
}

/** A forum campaign profile that matches the skill schema (lib/skill-generation/profile-schema.ts). */
export const VALID_PROFILE = {
  audience: "Maintainers of small CI tools who ask for help with flaky builds",
  communities: ["devops", "programming"],
  tone: "Plain, first person, short",
  offer: "A free open-source retry helper",
  rules: ["Say who you are in the first sentence"],
  maxDraftsPerRun: 5,
};
