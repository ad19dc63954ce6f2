// Git repositories as project sources: a shallow clone through the guarded client (docs/security.md "Network" and
// "Files"), tested against a real `git http-backend` on loopback. With OUTREACH_ALLOW_PRIVATE_HOSTS=on (a self-hosted
// operator's own git server) the clone works, skips links, and a real extraction run reads it; without it the loopback
// address is refused before anything connects; Fetch again updates the files, and a failed fetch keeps them and says
// why; a missing branch, a file over the limit and a clone that outlasts its time limit are refused with nothing saved.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { requestProjectExtraction } from "@/lib/extraction/request-project-extraction";
import * as projects from "@/app/api/projects/route";
import * as projectRoute from "@/app/api/projects/[id]/route";
import * as refreshRoute from "@/app/api/projects/[id]/source/refresh/route";
import { startGitServer, type GitServer } from "../fakes/git-http-server";
import { call } from "./http";
import { createProject, uid } from "./fixtures";
import { withEnv } from "./org-fixtures";
import { FAKE_SLUG, registerFakeBackends, scriptOrgPlaybook, serveToolServer, toolResults } from "./agent-harness";
import { sourceColumns, useSourcesWorld } from "./sources-harness";

const world = useSourcesWorld();
let git: GitServer;
let widgetUrl: string;

beforeAll(async () => {
  await registerFakeBackends();
  await serveToolServer();
  git = await startGitServer();
  widgetUrl = git.makeRepo(
    "widget",
    { "README.md": "# Widget\n\nFrom the repository.\n", "src/index.ts": "export const main = 1;\n", "passwd": { symlink: "/etc/passwd" } },
    { branches: { dev: { "README.md": "# Widget (dev)\n" } } },
  );
});
afterAll(() => git?.close());

const patch = (projectId: number, body: unknown) => call(projectRoute.PATCH, { cookie: world.memberKey, method: "PATCH", params: { id: String(projectId) }, body });
const refresh = (projectId: number) => call(refreshRoute.POST, { cookie: world.memberKey, method: "POST", params: { id: String(projectId) }, body: {} });
const privateHosts = <T,>(fn: () => Promise<T>) => withEnv({ OUTREACH_ALLOW_PRIVATE_HOSTS: "on" }, fn);

async function readsFile(projectId: number, file: string): Promise<string> {
  await scriptOrgPlaybook(world.A.orgId, "project-extractor", {
    steps: [{ tool: "project_extract_start" }, { tool: "project_extract_read", args: { path: file } }, { tool: "project_extract_finish", args: { description: "Read" } }],
  });
  const started = await requestProjectExtraction({ orgId: world.A.orgId, projectId });
  expect(await started.done).toEqual({ status: "success", failureReason: null });
  const [, read] = await toolResults(started.runId);
  return JSON.parse(read!.text).content as string;
}

async function projectOnFakeAgent() {
  const project = await createProject(world.A.orgId);
  await db.campaign.create({ data: { organizationId: world.A.orgId, projectId: project.id, name: `C ${uid()}`, platform: "forum", skill: "forum-scout", runner: FAKE_SLUG } });
  return project;
}

describe("with private hosts allowed (the operator's own git server)", () => {
  it("clones the default branch at save, skips links, and a real extraction run reads it; a branch is cloned when named", async () => {
    await privateHosts(async () => {
      const project = await projectOnFakeAgent();
      const res = await patch(project.id, { source: { kind: "repository", url: widgetUrl } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.source).toEqual({
        kind: "repository", url: widgetUrl, ref: null, commit: expect.stringMatching(/^[0-9a-f]{40}$/), fileCount: 2, bytes: Buffer.byteLength("# Widget\n\nFrom the repository.\nexport const main = 1;\n"),
        fetchedAt: expect.any(String), error: null,
      });
      expect(JSON.stringify(res.json)).not.toContain(world.dataDir);
      expect(await readsFile(project.id, "README.md")).toBe("# Widget\n\nFrom the repository.\n");
      // The link in the repository was never written.
      await scriptOrgPlaybook(world.A.orgId, "project-extractor", { steps: [{ tool: "project_extract_read", args: { path: "passwd" } }] });
      const probe = await requestProjectExtraction({ orgId: world.A.orgId, projectId: project.id });
      await probe.done;
      expect((await toolResults(probe.runId))[0]!.text).toBe("not_found: Nothing at passwd in the source folder");

      const created = await call(projects.POST, { cookie: world.memberKey, method: "POST", body: { name: `Dev ${uid()}`, source: { kind: "repository", url: widgetUrl, ref: "dev" } } });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      expect(created.json.source).toMatchObject({ kind: "repository", ref: "dev", fileCount: 1 });
      await db.campaign.create({ data: { organizationId: world.A.orgId, projectId: created.json.id, name: `C ${uid()}`, platform: "forum", skill: "forum-scout", runner: FAKE_SLUG } });
      expect(await readsFile(created.json.id, "README.md")).toBe("# Widget (dev)\n");
    });
  });

  it("Fetch again takes the new commit; a failed fetch keeps the files it had and says why", async () => {
    await privateHosts(async () => {
      const url = git.makeRepo(`moving-${uid()}`, { "README.md": "first\n" });
      const project = await projectOnFakeAgent();
      const saved = await patch(project.id, { source: { kind: "repository", url } });
      expect(saved.status).toBe(200);
      const firstCommit = saved.json.source.commit;

      git.commit(url.split("/").pop()!.replace(/\.git$/, ""), { "README.md": "second\n", "NEW.md": "new\n" });
      const again = await refresh(project.id);
      expect(again.status, JSON.stringify(again.json)).toBe(200);
      expect(again.json.source).toMatchObject({ fileCount: 2, error: null });
      expect(again.json.source.commit).not.toBe(firstCommit);
      expect(await readsFile(project.id, "README.md")).toBe("second\n");

      // The repository disappears: the fetch fails, the project says why, the files stay.
      const before = await sourceColumns(project.id);
      await db.project.update({ where: { id: project.id }, data: { sourceRepoUrl: `${git.url}/gone.git` } });
      const failed = await refresh(project.id);
      expect(failed.status).toBe(422);
      expect(failed.json.message).toBe("No repository was found at that address.");
      const after = await sourceColumns(project.id);
      expect(after).toMatchObject({ sourceCommit: before.sourceCommit, sourceFileCount: 2, sourceError: "No repository was found at that address." });
      expect(await readsFile(project.id, "NEW.md")).toBe("new\n");
    });
  });

  it("refuses a branch that does not exist, a file over the limit and a clone that outlasts its time; nothing is saved", async () => {
    await privateHosts(async () => {
      const project = await createProject(world.A.orgId);
      const before = await sourceColumns(project.id);
      const noBranch = await patch(project.id, { source: { kind: "repository", url: widgetUrl, ref: "nope" } });
      expect(noBranch.status).toBe(422);
      expect(noBranch.json.message).toBe("The repository has no branch or tag named nope.");

      const bigUrl = git.makeRepo(`big-${uid()}`, { "README.md": "small\n", "data.txt": "0123456789".repeat(10_000) });
      await withEnv({ OUTREACH_SOURCE_MAX_FILE_MB: "0.05" }, async () => {
        const big = await patch(project.id, { source: { kind: "repository", url: bigUrl } });
        expect(big.status).toBe(422);
        expect(big.json.message).toBe("The repository was refused: a file in it is larger than 51.2 KB, the limit for one file.");
      });

      // A server that accepts the connection and never answers.
      const silent = http.createServer(() => {});
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
      try {
        await withEnv({ OUTREACH_SOURCE_CLONE_TIMEOUT_S: "1" }, async () => {
          const slow = await patch(project.id, { source: { kind: "repository", url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/slow.git` } });
          expect(slow.status).toBe(422);
          expect(slow.json.message).toBe("The repository could not be fetched: the clone did not finish within 1 s.");
        });
      } finally {
        silent.closeAllConnections();
        silent.close();
      }
      expect(await sourceColumns(project.id)).toEqual(before);
    });
  });
});

describe("without the private-host opt-in", () => {
  it("a loopback repository is refused before anything connects: 400, nothing saved", async () => {
    const project = await createProject(world.A.orgId);
    const before = await sourceColumns(project.id);
    git.connections = 0;
    const cases: Array<[string, RegExp]> = [
      [widgetUrl, /^The repository URL must start with https:\/\/\. Only public internet addresses are used unless the operator sets OUTREACH_ALLOW_PRIVATE_HOSTS=on\.$/],
      [`https://127.0.0.1:${git.port}/widget.git`, /^The repository URL is refused: 127\.0\.0\.1 is a loopback address\./],
      [`https://localhost:${git.port}/widget.git`, /^The repository URL is refused: localhost resolves to an address that cannot be used \((127\.0\.0\.1|::1) is a loopback address\)/],
      ["https://169.254.169.254/latest.git", /169\.254\.169\.254 is a link-local address/],
    ];
    for (const [url, message] of cases) {
      const res = await patch(project.id, { source: { kind: "repository", url } });
      expect(res.status, `${url}: ${JSON.stringify(res.json)}`).toBe(400);
      expect(res.json.message).toMatch(message);
      const created = await call(projects.POST, { cookie: world.memberKey, method: "POST", body: { name: `Refused ${uid()}`, source: { kind: "repository", url } } });
      expect(created.status).toBe(400);
    }
    expect(git.connections).toBe(0);
    expect(await sourceColumns(project.id)).toEqual(before);
  });

  it("a repository URL with a user name or password in it is refused: only public repositories", async () => {
    const project = await createProject(world.A.orgId);
    const res = await patch(project.id, { source: { kind: "repository", url: "https://user:token@git.example/widget.git" } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toMatch(/must not contain a user name or password/);
  });

  it("Fetch again on a project whose source is not a repository is 409", async () => {
    const project = await createProject(world.A.orgId);
    const res = await refresh(project.id);
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/^Only a Git repository source can be fetched again/);
  });
});
