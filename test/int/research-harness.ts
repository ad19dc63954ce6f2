// Shared set-up of the research tool suites: loopback fakes of the forum, the news site and a federated instance that
// answer the platforms' real response shapes, an organization, and an MCP client bound to a fresh campaign run.
import { afterAll, beforeAll } from "vitest";
import { db } from "@/lib/db/client";
import { mintRunToken } from "@/lib/runs/run-token";
import { sealCredentials } from "@/lib/crypto/credentials";
import * as fakeForum from "../fakes/fake-forum";
import * as fakeNews from "../fakes/fake-news";
import * as fakeFederated from "../fakes/fake-federated";
import { createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { connectToolClient } from "./tool-client";

export type ResearchWorld = { A: OrgFixture; forum: fakeForum.FakeForum; news: fakeNews.FakeNews; fed: fakeFederated.FakeFederated };

const PLATFORM_ENV = ["OUTREACH_FORUM_BASE_URL", "OUTREACH_NEWS_BASE_URL", "OUTREACH_NEWS_DISCUSSION_BASE_URL", "OUTREACH_FEDERATED_BASE_URL"];

/** Starts the three fakes before the file's tests and points the platform base URLs at them; filled in by beforeAll. */
export function useResearchWorld(): ResearchWorld {
  const world = {} as ResearchWorld;
  const savedEnv = { ...process.env };
  beforeAll(async () => {
    [world.forum, world.news, world.fed] = await Promise.all([fakeForum.start(), fakeNews.start(), fakeFederated.start()]);
    process.env.OUTREACH_FORUM_BASE_URL = world.forum.url;
    process.env.OUTREACH_NEWS_BASE_URL = world.news.url;
    process.env.OUTREACH_NEWS_DISCUSSION_BASE_URL = "https://news.example";
    process.env.OUTREACH_FEDERATED_BASE_URL = world.fed.url;
    world.A = await createOrg();
  });
  afterAll(async () => {
    for (const k of PLATFORM_ENV) {
      if (savedEnv[k] === undefined) delete process.env[k];
      else process.env[k] = savedEnv[k];
    }
    await Promise.all([world.forum?.close(), world.news?.close(), world.fed?.close()]);
  });
  return world;
}


/** A campaign of organization A on `platform`, a running run of it, and an MCP client bound to that run. */
export async function campaignRun(A: OrgFixture, opts: { platform?: "forum" | "federated"; config?: Record<string, unknown>; kind?: string; credentials?: unknown } = {}) {
  const platform = opts.platform ?? "forum";
  const project = await createProject(A.orgId);
  const sealed = opts.credentials ? sealCredentials(opts.credentials) : null;
  const account = await db.account.create({
    data: {
      organizationId: A.orgId, projectId: project.id, platform, platformId: `me_${uid()}`, isDefault: true,
      credentialsCiphertext: sealed?.ciphertext ?? null, credentialsKeyId: sealed?.keyId ?? null,
    },
  });
  const campaign = await db.campaign.create({
    data: {
      organizationId: A.orgId, projectId: project.id, name: `Campaign ${uid()}`, platform, skill: `${platform}-scout`, runner: "cloud",
      config: (opts.config ?? {}) as object,
    },
  });
  const { token, hash } = mintRunToken();
  const run = await db.run.create({
    data: { organizationId: A.orgId, campaignId: campaign.id, projectId: project.id, kind: opts.kind ?? "campaign", runner: "cloud", status: "running", runTokenHash: hash },
  });
  const { callTool: call, close } = await connectToolClient({ runId: run.id, token });
  return { project, account, campaign, run, call, close };
}

export const staged = (runId: number) =>
  db.stagingCandidate.findMany({ where: { runId }, orderBy: { id: "asc" }, select: { targetUser: true, platform: true, community: true, sourceUrl: true, shortlisted: true } });
