// The command palette's search on a real database: names found whatever their case, drafts by recipient or #id, a
// typed % or _ taken literally, each kind capped, and only the caller's organization searched.
import { campaignStateLabel } from "@/lib/campaigns/campaign-state";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import * as search from "@/app/api/search/route";
import { call } from "./http";
import { createCampaignRow, createDraftRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";

let A: OrgFixture;
let B: OrgFixture;
const tag = uid();
let ids: { project: number; campaign: number; draft: number };

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  const p = await createProject(A.orgId, `Harbor ${tag}`);
  const c = await createCampaignRow(A.orgId, p.id);
  await db.campaign.update({ where: { id: c.id }, data: { name: `Launch week ${tag}` } });
  const d = await createDraftRow(A.orgId, { projectId: p.id, campaignId: c.id, targetUser: `maria_${tag}` });
  for (let i = 0; i < 8; i++) await createDraftRow(A.orgId, { projectId: p.id, campaignId: c.id, targetUser: `many_${tag}_${i}` });
  await createProject(B.orgId, `Harbor ${tag} of B`);
  ids = { project: p.id, campaign: c.id, draft: d.id };
});

const find = async (org: OrgFixture, q: string, extra = "") => {
  const res = await call(search.GET, { cookie: org.cookie, path: `/api/search?q=${encodeURIComponent(q)}${extra}` });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.results as Array<{ type: string; id: number; label: string; href: string; detail: string | null }>;
};

describe("GET /api/search", () => {
  it("finds campaigns and projects by any part of their name, whatever the case", async () => {
    const results = await find(A, `WEEK ${tag}`.toLowerCase());
    expect(results).toEqual([{ type: "campaign", id: ids.campaign, label: `Launch week ${tag}`, detail: `Harbor ${tag} · ${campaignStateLabel("draft")}`, href: `/campaigns/${ids.campaign}` }]);
    const projects = (await find(A, `harbor ${tag}`)).filter((r) => r.type === "project");
    expect(projects).toEqual([{ type: "project", id: ids.project, label: `Harbor ${tag}`, detail: null, href: `/projects/${ids.project}` }]);
  });

  it("names a playbook by its title and whose it is, never by its slug", async () => {
    await db.playbook.create({ data: { organizationId: A.orgId, slug: `forum-scout-${tag}`, title: `Forum scout ${tag}`, body: "b", isBuiltin: true } });
    await db.playbook.create({ data: { organizationId: A.orgId, slug: `my-scout-${tag}`, title: `My scout ${tag}`, body: "b" } });
    const found = (await find(A, `scout ${tag}`)).filter((r) => r.type === "playbook");
    expect(found.map((p) => [p.label, p.detail])).toEqual([
      [`My scout ${tag}`, "Your playbook"],
      [`Forum scout ${tag}`, "Built-in playbook"],
    ]);
  });

  it("finds drafts by recipient and by #id, linking to the draft alone in the inbox", async () => {
    const byName = await find(A, `maria_${tag}`);
    expect(byName).toEqual([expect.objectContaining({ type: "draft", id: ids.draft, label: `Draft #${ids.draft} to maria_${tag}`, href: `/inbox?ids=${ids.draft}&state=all` })]);
    expect((await find(A, `#${ids.draft}`)).filter((r) => r.type === "draft").map((r) => r.id)).toEqual([ids.draft]);
  });

  it("caps each kind, newest first", async () => {
    const drafts = (await find(A, `many_${tag}`)).filter((r) => r.type === "draft");
    expect(drafts).toHaveLength(5);
    expect([...drafts.map((d) => d.id)].sort((a, b) => b - a)).toEqual(drafts.map((d) => d.id));
    expect((await find(A, `many_${tag}`, "&limit=8")).filter((r) => r.type === "draft")).toHaveLength(8);
  });

  it("takes % and _ as the characters typed", async () => {
    expect(await find(A, "%")).toEqual([]);
    expect((await find(A, `many_${tag}_`)).length).toBeGreaterThan(0);
    expect((await find(A, `many${tag}`)).length).toBe(0);
  });

  it("searches only the caller's organization", async () => {
    const results = await find(B, `harbor ${tag}`);
    expect(results.map((r) => r.label)).toEqual([`Harbor ${tag} of B`]);
  });
});
