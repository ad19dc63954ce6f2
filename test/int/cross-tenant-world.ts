// The two organizations of the cross-tenant suite: A owns one of each resource, B tries to reach them. Shared by the
// suite and its case tables (cross-tenant-*-cases.ts), which together cover every route under app/api.
import { beforeAll, expect } from "vitest";
import { db } from "@/lib/db/client";
import {
  createAccountRow, createBlocklistRow, createCampaignRow, createDraftRow, createOrg, createProject, createTemplateRow, type OrgFixture,
} from "./fixtures";

export type TenantWorld = {
  A: OrgFixture;
  B: OrgFixture;
  /** A's rows. */
  a: {
    projectId: number; accountId: number; campaignId: number; templateId: number; blockId: number; globalBlockId: number;
    projectName: string; draftId: number;
  };
};

/** One test per route: B's attempt on A's rows, and what must not have changed. */
export type RouteCases = Record<string, () => Promise<void>>;

export const id = (n: number) => String(n);

/** Creates A with one row of each resource, and B; filled in by beforeAll. */
export function useTenantWorld(): TenantWorld {
  const w = {} as TenantWorld;
  beforeAll(async () => {
    const [A, B] = await Promise.all([createOrg(), createOrg()]);
    const p = await createProject(A.orgId);
    const [acc, camp, tpl, blk, gblk] = await Promise.all([
      createAccountRow(A.orgId, p.id),
      createCampaignRow(A.orgId, p.id),
      createTemplateRow(A.orgId, p.id),
      createBlocklistRow(A.orgId, p.id),
      createBlocklistRow(A.orgId, null),
    ]);
    const d = await createDraftRow(A.orgId, { projectId: p.id, accountId: acc.id, campaignId: camp.id, qualityScore: 90 });
    await db.draft.update({ where: { id: d.id }, data: { previousBody: "an earlier body" } });
    Object.assign(w, {
      A, B,
      a: { projectId: p.id, accountId: acc.id, campaignId: camp.id, templateId: tpl.id, blockId: blk.id, globalBlockId: gblk.id, projectName: p.name, draftId: d.id },
    });
  });
  return w;
}

/** A's rows are exactly as created. */
export async function expectUntouched(w: TenantWorld) {
  const p = await db.project.findUniqueOrThrow({ where: { id: w.a.projectId } });
  expect(p.organizationId).toBe(w.A.orgId);
  expect(p.name).toBe(w.a.projectName);
  expect(await db.account.count({ where: { id: w.a.accountId } })).toBe(1);
  expect(await db.campaign.count({ where: { id: w.a.campaignId } })).toBe(1);
  expect((await db.template.findUniqueOrThrow({ where: { id: w.a.templateId } })).isActive).toBe(true);
  expect(await db.blocklistEntry.count({ where: { id: { in: [w.a.blockId, w.a.globalBlockId] } } })).toBe(2);
  const d = await db.draft.findUniqueOrThrow({ where: { id: w.a.draftId } });
  expect({ state: d.state, version: d.version, regenerationCount: d.regenerationCount, scheduled: d.scheduledSendAfter, body: d.body }).toEqual({
    state: "pending_review", version: 1, regenerationCount: 0, scheduled: null, body: "Hi, I read your post about onboarding and had a thought.",
  });
  expect(await db.draftEvent.count({ where: { draftId: w.a.draftId } })).toBe(0);
}

/** Reads SSE frames from a stream response until `until` matches or the time is up. */
export async function readFrames(res: Response, until: (text: string) => boolean, ms: number): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !until(text)) {
    const next = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
    if (!next || next.done) break;
    text += decoder.decode(next.value);
  }
  await reader.cancel().catch(() => undefined);
  return text;
}
