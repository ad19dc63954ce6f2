// Project extraction (SPEC "Agent tool interface", the project_extract_* tools): a real agent process lists and
// reads the project's source folder through the tools and writes the description, which is announced as
// `project:description:updated`; paths that lead outside the folder are refused; a missing folder is refused; a
// second Auto-extract while one is alive answers alreadyRunning.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { subscribe } from "@/lib/events/bus";
import type { StreamEvent } from "@/lib/events/types";
import { requestProjectExtraction } from "@/lib/extraction/request-project-extraction";
import * as extractRoute from "@/app/api/projects/[id]/extract/route";
import { call } from "./http";
import { createOrg, uid, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, MISSING_SLUG, registerFakeBackends, runningRun, scriptOrgPlaybook, serveToolServer } from "./agent-harness";
import { connectToolClient } from "./tool-client";

let A: OrgFixture;
let B: OrgFixture;
let server: { close: () => Promise<void> };
let tmp: string;
let source: string;
let outside: string;
const savedRoots = process.env.OUTREACH_SOURCE_ROOTS;
/** Multi-byte text over two read pages, so the page boundary falls inside characters. */
// The 2-byte prefix puts byte 65,536 inside a character.
const BIG = "> " + "Ünïcödé ✓ line with 🚀 emoji\n".repeat(4000);

beforeAll(async () => {
  await registerFakeBackends();
  server = await serveToolServer();
  [A, B] = await Promise.all([createOrg(), createOrg()]);

  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "extract-")));
  // Folder sources must lie under a root the operator lists; the reads' own boundary (the source folder) is what
  // this suite tests, the roots have project-sources.int.test.ts.
  process.env.OUTREACH_SOURCE_ROOTS = tmp;
  source = path.join(tmp, "widget");
  outside = path.join(tmp, "outside");
  const files: Record<string, string | Buffer> = {
    "README.md": "# Widget\n\nWidget turns flaky CI logs into a short daily digest for small teams.\n",
    "package.json": JSON.stringify({ name: "widget", description: "CI digest" }),
    "src/index.ts": "export const main = () => 'digest';\n",
    "src/util/deep.ts": "export const deep = 1;\n",
    "docs/big.txt": BIG,
    "node_modules/dep/index.js": "module.exports = 1;\n",
    ".git/config": "[remote \"origin\"]\n\turl = https://token@example.invalid/widget.git\n",
    "dist/bundle.js": "built\n",
    "logo.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
    "blob": Buffer.from([0x41, 0x42, 0x00, 0x43]),
    ".env": "API_KEY=super-secret-value\n",
    ".env.example": "API_KEY=\n",
    "empty.txt": "",
  };
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(source, rel)), { recursive: true });
    fs.writeFileSync(path.join(source, rel), content);
  }
  fs.mkdirSync(outside, { recursive: true });
  fs.writeFileSync(path.join(outside, "secret.txt"), "TOP SECRET outside the source\n");
  fs.symlinkSync(path.join(outside, "secret.txt"), path.join(source, "link-out"));
  fs.symlinkSync(outside, path.join(source, "linkdir-out"));
  fs.symlinkSync(path.join(source, "README.md"), path.join(source, "link-in.md"));
});

afterAll(async () => {
  if (savedRoots === undefined) delete process.env.OUTREACH_SOURCE_ROOTS;
  else process.env.OUTREACH_SOURCE_ROOTS = savedRoots;
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function projectWithSource(orgId: number, sourcePath: string | null, runner = FAKE_SLUG) {
  const project = await db.project.create({
    data: { organizationId: orgId, name: `Project ${uid()}`, description: "Old description", sourcePath, sourceKind: sourcePath ? "folder" : null },
  });
  await db.campaign.create({
    data: { organizationId: orgId, projectId: project.id, name: `Campaign ${uid()}`, platform: "forum", skill: "forum-scout", runner, state: "active" },
  });
  return project;
}

async function bindClient(orgId: number, opts: { kind: string; projectId: number | null }) {
  const { run, token } = await runningRun(orgId, { kind: opts.kind, projectId: opts.projectId });
  const { callTool, close } = await connectToolClient({ runId: run.id, token });
  return { run, callTool, close };
}

describe("a project-extractor run through a real agent process", () => {
  it("lists, reads and finishes: the description is written and announced", async () => {
    const project = await projectWithSource(A.orgId, source);
    const description = "Widget turns flaky CI logs into a short daily digest for small teams.";
    await scriptOrgPlaybook(A.orgId, "project-extractor", {
      steps: [
        { tool: "project_extract_start" },
        { tool: "project_extract_files", args: {} },
        { tool: "project_extract_read", args: { path: "README.md" } },
        { tool: "project_extract_read", args: { path: "docs/big.txt" } },
        { tool: "project_extract_finish", args: { description } },
      ],
    });
    const seen: StreamEvent[] = [];
    const unsubscribe = await subscribe(A.orgId, (e) => seen.push(e));
    try {
      const started = await requestProjectExtraction({ orgId: A.orgId, projectId: project.id });
      expect(await started.done).toEqual({ status: "success", failureReason: null });
      const run = await db.run.findUniqueOrThrow({ where: { id: started.runId } });
      expect(run).toMatchObject({ kind: "project_extraction", playbookSlug: "project-extractor", projectId: project.id, status: "success" });
      expect(run.params).toMatchObject({ source: { kind: "folder", path: source } });
      expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).description).toBe(description);

      await expect.poll(() => seen.find((e) => e.type === "project:description:updated")).toEqual({ type: "project:description:updated", data: { projectId: project.id } });
      await expect.poll(() => seen.some((e) => e.type === "run:finished" && e.data.runId === run.id)).toBe(true);

      const answers = (await db.runEvent.findMany({ where: { runId: run.id, type: "tool_call_update" }, orderBy: { seq: "asc" } }))
        .map((e) => e.payload as { status: string; text?: string });
      expect(answers.map((a) => a.status)).toEqual(["completed", "completed", "completed", "completed", "completed"]);
      // The run log keeps a cut of long tool outputs: the big read is checked in full through its own test below.
      const [start, files, readme] = answers.slice(0, 3).map((a) => JSON.parse(a.text!));
      expect(start).toMatchObject({ project: { id: project.id, name: project.name, description: "Old description" }, source: { kind: "folder", path: source } });
      expect(start.entries).toEqual([
        { name: ".env.example", type: "file", size: 9 },
        { name: "README.md", type: "file", size: expect.any(Number) },
        { name: "docs", type: "dir" },
        { name: "empty.txt", type: "file", size: 0 },
        { name: "link-in.md", type: "file", size: expect.any(Number) },
        { name: "package.json", type: "file", size: expect.any(Number) },
        { name: "src", type: "dir" },
      ]);
      expect(files.truncated).toBe(false);
      expect(files.files.map((f: { path: string }) => f.path)).toEqual([
        ".env.example", "README.md", "empty.txt", "link-in.md", "package.json", "docs/big.txt", "src/index.ts", "src/util/deep.ts",
      ]);
      expect(files.files.find((f: { path: string }) => f.path === "docs/big.txt").size).toBe(Buffer.byteLength(BIG));
      expect(readme).toEqual({ path: "README.md", content: fs.readFileSync(path.join(source, "README.md"), "utf8"), size: expect.any(Number), nextOffset: null });
      expect(answers[3]!.text).toMatch(/^\{"path":"docs\/big.txt","content":"> Ünïcödé ✓ line/);
    } finally {
      unsubscribe();
    }
  });

  it("a second Auto-extract while one is alive answers alreadyRunning", async () => {
    const project = await projectWithSource(A.orgId, source);
    await scriptOrgPlaybook(A.orgId, "project-extractor", {
      steps: [{ tool: "project_extract_start" }, { sleep: 1500 }, { tool: "project_extract_finish", args: { description: "Second pass" } }],
    });
    const first = await call(extractRoute.POST, { cookie: A.cookie, method: "POST", params: { id: String(project.id) } });
    expect(first.status).toBe(202);
    expect(first.json).toEqual({ runId: expect.any(Number) });
    const second = await call(extractRoute.POST, { cookie: A.cookie, method: "POST", params: { id: String(project.id) }, body: {} });
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ runId: first.json.runId, alreadyRunning: true });
    const again = await requestProjectExtraction({ orgId: A.orgId, projectId: project.id });
    expect(again).toMatchObject({ runId: first.json.runId, alreadyRunning: true, done: null });
    expect(await db.run.count({ where: { projectId: project.id, kind: "project_extraction" } })).toBe(1);
    await expect.poll(async () => (await db.run.findUniqueOrThrow({ where: { id: first.json.runId } })).status, { timeout: 20_000 }).toBe("success");
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).description).toBe("Second pass");
  });
});

describe("the extraction tools keep reads inside the source folder", () => {
  it("refuses ../ escapes, absolute paths, symlinks out, version-control internals and secrets", async () => {
    const project = await projectWithSource(A.orgId, source);
    const bound = await bindClient(A.orgId, { kind: "project_extraction", projectId: project.id });
    const refusals: Array<[string, Record<string, unknown>, RegExp]> = [
      ["project_extract_read", { path: "../outside/secret.txt" }, /leads outside the source folder/],
      ["project_extract_read", { path: "src/../../outside/secret.txt" }, /leads outside the source folder/],
      ["project_extract_read", { path: "..\\outside\\secret.txt" }, /leads outside the source folder/],
      ["project_extract_read", { path: path.join(outside, "secret.txt") }, /not relative to the source folder/],
      ["project_extract_read", { path: path.join(source, "README.md") }, /not relative to the source folder/],
      ["project_extract_read", { path: "/etc/passwd" }, /not relative to the source folder/],
      ["project_extract_read", { path: "~/.ssh/id_rsa" }, /not relative to the source folder/],
      ["project_extract_read", { path: "link-out" }, /symlink that leads outside/],
      ["project_extract_read", { path: "linkdir-out/secret.txt" }, /symlink that leads outside/],
      ["project_extract_read", { path: ".git/config" }, /version-control internals/],
      ["project_extract_read", { path: ".env" }, /holds secrets/],
      ["project_extract_files", { dir: "../outside" }, /leads outside the source folder/],
      ["project_extract_files", { dir: outside }, /not relative to the source folder/],
      ["project_extract_files", { dir: "linkdir-out" }, /symlink that leads outside/],
    ];
    for (const [tool, args, reason] of refusals) {
      const { isError, text } = await bound.callTool(tool, args);
      expect(isError, `${tool} ${JSON.stringify(args)}: ${text}`).toBe(true);
      expect(text).toMatch(/^forbidden_path: /);
      expect(text).toMatch(reason);
      expect(text).not.toContain("TOP SECRET");
      expect(text).not.toContain("super-secret-value");
      expect(text).not.toContain("token@");
    }
    // The run is still open: a refusal is something the agent reads and carries on from.
    expect((await db.run.findUniqueOrThrow({ where: { id: bound.run.id } })).status).toBe("running");
    await bound.close();
  });

  it("reads text only, pages through large files on character boundaries, and lists within a folder", async () => {
    const project = await projectWithSource(A.orgId, source);
    const bound = await bindClient(A.orgId, { kind: "project_extraction", projectId: project.id });

    let offset: number | null = 0;
    let text = "";
    let pages = 0;
    while (offset !== null) {
      const res = await bound.callTool("project_extract_read", { path: "docs/big.txt", offset });
      expect(res.isError, res.text).toBe(false);
      const slice = JSON.parse(res.text) as { content: string; size: number; nextOffset: number | null };
      expect(slice.content).not.toContain("\uFFFD");
      text += slice.content;
      offset = slice.nextOffset;
      pages++;
    }
    expect(text).toBe(BIG);
    expect(Buffer.from(BIG).subarray(0, 64 * 1024).toString("utf8")).toContain("\uFFFD");
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(Buffer.byteLength(BIG) / (64 * 1024)));

    const small = JSON.parse((await bound.callTool("project_extract_read", { path: "README.md", offset: 2, maxBytes: 6 })).text);
    expect(small).toEqual({ path: "README.md", content: "Widget", size: expect.any(Number), nextOffset: 8 });
    const linked = JSON.parse((await bound.callTool("project_extract_read", { path: "link-in.md" })).text);
    expect(linked.content).toContain("# Widget");

    for (const binary of ["logo.png", "blob"]) {
      const res = await bound.callTool("project_extract_read", { path: binary });
      expect(res.isError).toBe(true);
      expect(res.text).toMatch(/^unprocessable: .* is a binary file/);
    }
    const missing = await bound.callTool("project_extract_read", { path: "src/nope.ts" });
    expect(missing).toEqual({ isError: true, text: "not_found: Nothing at src/nope.ts in the source folder", json: null });
    const folder = await bound.callTool("project_extract_read", { path: "src" });
    expect(folder.isError).toBe(true);
    expect(folder.text).toMatch(/is a folder/);
    const tooMuch = await bound.callTool("project_extract_read", { path: "README.md", maxBytes: 10_000_000 });
    expect(tooMuch.isError).toBe(true);

    const src = JSON.parse((await bound.callTool("project_extract_files", { dir: "src", limit: 1 })).text);
    expect(src).toEqual({ dir: "src", files: [{ path: "src/index.ts", size: expect.any(Number) }], truncated: true });
    await bound.close();
  });

  it("other run kinds, runs without a project and a missing source folder are refused", async () => {
    const project = await projectWithSource(A.orgId, source);
    const campaignRun = await bindClient(A.orgId, { kind: "campaign", projectId: project.id });
    for (const [tool, args] of [
      ["project_extract_start", {}],
      ["project_extract_files", {}],
      ["project_extract_read", { path: "README.md" }],
      ["project_extract_finish", { description: "Hijacked" }],
    ] as const) {
      const { isError, text } = await campaignRun.callTool(tool, args);
      expect(isError).toBe(true);
      expect(text).toBe(`conflict: ${tool} belongs to project_extraction runs; this run is a campaign run`);
    }
    await campaignRun.close();
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).description).toBe("Old description");

    const gone = await projectWithSource(A.orgId, path.join(tmp, "does-not-exist"));
    const goneRun = await bindClient(A.orgId, { kind: "project_extraction", projectId: gone.id });
    for (const tool of ["project_extract_start", "project_extract_files"]) {
      const { isError, text } = await goneRun.callTool(tool);
      expect(isError).toBe(true);
      expect(text).toBe(`unprocessable: This project's source folder is not read: ${path.join(tmp, "does-not-exist")} does not exist on this server. Choose another source (Edit project → Source).`);
    }
    await goneRun.close();

    const none = await projectWithSource(A.orgId, null);
    const noneRun = await bindClient(A.orgId, { kind: "project_extraction", projectId: none.id });
    const { isError, text } = await noneRun.callTool("project_extract_start");
    expect(isError).toBe(true);
    expect(text).toMatch(/^unprocessable: This project has no source\. Give it one/);
    await noneRun.close();
  });
});

describe("POST /api/projects/[id]/extract refusals", () => {
  it("422 without a source or with a missing folder, 422 runner_unavailable, 404 for another organization; nothing written", async () => {
    const none = await projectWithSource(A.orgId, null);
    const gone = await projectWithSource(A.orgId, path.join(tmp, "nowhere"));
    const file = await projectWithSource(A.orgId, path.join(source, "README.md"));
    const noRunner = await projectWithSource(A.orgId, source, MISSING_SLUG);
    const cases: Array<[number, number, RegExp]> = [
      [none.id, 422, /has no source/],
      [gone.id, 422, /does not exist on this server/],
      [file.id, 422, /is a file, not a folder/],
      [noRunner.id, 422, /./],
    ];
    for (const [projectId, status, message] of cases) {
      const res = await call(extractRoute.POST, { cookie: A.cookie, method: "POST", params: { id: String(projectId) } });
      expect(res.status, JSON.stringify(res.json)).toBe(status);
      expect(res.json.message).toMatch(message);
    }
    expect((await call(extractRoute.POST, { cookie: A.cookie, method: "POST", params: { id: String(noRunner.id) } })).json.error).toBe("runner_unavailable");
    const foreign = await call(extractRoute.POST, { cookie: B.cookie, method: "POST", params: { id: String(noRunner.id) } });
    expect(foreign.status).toBe(404);
    expect(await db.run.count({ where: { projectId: { in: [none.id, gone.id, file.id, noRunner.id] } } })).toBe(0);
  });
});
