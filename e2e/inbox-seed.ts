// Seeding for the inbox specs: a fresh project, forum account and campaign per test, with drafts created by the
// `outreach drafts:create` CLI, and locators for the inbox's rows.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { cli, created, uid } from "./helpers";

export type Entry = {
  kind?: string;
  targetUser: string;
  targetCommunity?: string;
  body: string;
  variants?: string[];
  qualityScore?: number;
  qualityReason?: string;
};
export type Created = { id: number; targetUser: string; variantLabel: string | null };

// Re-exported for the inbox specs that import them from here.
export { created, uid };

/** A fresh project, forum account and campaign, with drafts created by the CLI. */
export async function seed(request: APIRequestContext, entries: Entry[], campaignExtra: Record<string, unknown> = {}) {
  const u = uid();
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Inbox ${u}` } }));
  const account = await created<{ id: number }>(
    await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `acct_${u}` } }),
  );
  const campaign = await created<{ id: number }>(
    await request.post("/api/campaigns", {
      data: { projectId: project.id, name: `Scout ${u}`, platform: "forum", skill: "forum-scout", ...campaignExtra },
    }),
  );
  const file = path.join(os.tmpdir(), `inbox-drafts-${u}.json`);
  // Every draft carries its writer's quality score (SPEC 1.3); entries that do not care get a middling one.
  fs.writeFileSync(file, JSON.stringify(entries.map((e) => ({ kind: "dm", accountId: account.id, qualityScore: 60, ...e }))));
  const out = JSON.parse(cli(["drafts:create", "--campaign", String(campaign.id), "--file", file])) as { created: Created[] };
  fs.rmSync(file, { force: true });
  const byTarget = (name: string) => out.created.find((c) => c.targetUser === name)!;
  return { u, project, account, campaign, created: out.created, byTarget };
}

export const row = (page: Page, id: number) => page.locator(`tr[data-draft-id="${id}"]`);
export const draftRows = (page: Page) => page.locator("tr[data-draft-id]");

export async function draftState(request: APIRequestContext, id: number): Promise<string> {
  return ((await (await request.get(`/api/drafts/${id}`)).json()) as { state: string }).state;
}
