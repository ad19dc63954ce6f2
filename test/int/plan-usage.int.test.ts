// Settings > Plan and usage reads its figures from getPlanUsage in every edition: with Stripe (the plan's limits),
// in the cloud edition without Stripe (set by the service: counted, not limited, and whom to ask) and self-hosted
// (the install's quotas, no minutes). The page exists in all three (e2e/customer-journey.spec.ts looks at it).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { getPlanUsage } from "@/lib/billing/get-plan-usage";
import { createOrg, createProject, type OrgFixture } from "./fixtures";
import { BILLING_ENV, withEnv } from "./org-fixtures";

let A: OrgFixture;
const now = new Date("2026-11-29T10:00:00Z");

beforeAll(async () => {
  A = await createOrg();
  const p = await createProject(A.orgId);
  await db.project.update({ where: { id: p.id }, data: { sourceKind: "archive", sourceBytes: 3 * 1024 * 1024 } });
  // 90 seconds of cloud runs this month, and an older row of last month that does not count.
  await db.meteredUsage.create({ data: { organizationId: A.orgId, sourceKey: `plan-usage-${A.orgId}-now`, seconds: 90, occurredAt: new Date("2026-11-20T08:00:00Z") } });
  await db.meteredUsage.create({ data: { organizationId: A.orgId, sourceKey: `plan-usage-${A.orgId}-old`, seconds: 600, occurredAt: new Date("2026-10-20T08:00:00Z") } });
  await db.invite.create({
    data: { organizationId: A.orgId, role: "member", email: `plan-${A.orgId}@example.com`, tokenHash: `plan-usage-${A.orgId}`, createdById: A.userId, expiresAt: new Date("2027-01-01T00:00:00Z") },
  });
});

describe("getPlanUsage", () => {
  it("with Stripe: the Free plan's limits, this month's minutes and the seats the invitation holds", async () => {
    const usage = await withEnv(BILLING_ENV, () => getPlanUsage({ orgId: A.orgId, now }));
    expect(usage).toMatchObject({
      source: "billing",
      plan: { slug: "free" },
      paid: false,
      period: { start: "2026-11-01T00:00:00.000Z", end: "2026-12-01T00:00:00.000Z" },
      minutes: { used: 1.5, included: 60, exhausted: false },
      seats: { used: 2, included: 3 },
      storage: { usedBytes: 3 * 1024 * 1024, quotaBytes: 1024 * 1024 * 1024, projects: 1, maxProjects: 10 },
      contact: null,
    });
  });

  it("cloud without Stripe: set by the service, counted but not limited, and whom to ask", async () => {
    const usage = await withEnv({ OUTREACH_EDITION: "cloud", OUTREACH_SUPPORT_CONTACT: "help@service.example" }, () => getPlanUsage({ orgId: A.orgId, now }));
    expect(usage).toMatchObject({
      source: "service",
      plan: null,
      minutes: { used: 1.5, included: null, exhausted: false },
      seats: { used: 2, included: null },
      contact: "help@service.example",
    });
    const unnamed = await withEnv({ OUTREACH_EDITION: "cloud", OUTREACH_SUPPORT_CONTACT: undefined }, () => getPlanUsage({ orgId: A.orgId, now }));
    expect(unnamed.contact).toBeNull();
  });

  it("self-hosted: the install's own quotas, no minutes", async () => {
    const usage = await withEnv({ OUTREACH_EDITION: "self-hosted", OUTREACH_SOURCE_QUOTA_MB: "20", OUTREACH_MAX_PROJECTS: "4" }, () => getPlanUsage({ orgId: A.orgId, now }));
    expect(usage).toMatchObject({
      source: "self-hosted",
      plan: null,
      minutes: null,
      seats: { used: 2, included: null },
      storage: { usedBytes: 3 * 1024 * 1024, quotaBytes: 20 * 1024 * 1024, projects: 1, maxProjects: 4 },
    });
  });
});
