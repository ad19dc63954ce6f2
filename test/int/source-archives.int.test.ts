// Uploaded archives as project sources (PUT /api/projects/[id]/source/archive; docs/security.md "Files"): a good zip
// and a good .tar.gz become the source, unpacked under the data directory, and a real extraction run of the scripted
// agent reads their files; an archive with `../` or absolute entries, links, device files, too many entries, or more
// unpacked bytes than allowed is refused with 422, writes nothing outside the project's folder and keeps the previous
// source; an upload over its limit is 413 while it is read.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { requestProjectExtraction } from "@/lib/extraction/request-project-extraction";
import * as archiveRoute from "@/app/api/projects/[id]/source/archive/route";
import { tarGzOf, zipOf } from "../fakes/make-archive";
import { call } from "./http";
import { createProject, uid } from "./fixtures";
import { withEnv } from "./org-fixtures";
import { FAKE_SLUG, registerFakeBackends, scriptOrgPlaybook, serveToolServer, toolResults } from "./agent-harness";
import { filesUnder, projectSourcesDir, sourceColumns, useSourcesWorld } from "./sources-harness";

const world = useSourcesWorld();

beforeAll(async () => {
  await registerFakeBackends();
  await serveToolServer();
});

function put(projectId: number, body: Buffer, opts: { type?: string; name?: string; cookie?: string; headers?: Record<string, string> } = {}) {
  const query = opts.name ? `?name=${encodeURIComponent(opts.name)}` : "";
  return call(archiveRoute.PUT, {
    cookie: opts.cookie ?? world.memberKey,
    method: "PUT",
    path: `/api/projects/${projectId}/source/archive${query}`,
    params: { id: String(projectId) },
    rawBody: body as unknown as string,
    headers: { "content-type": opts.type ?? "application/zip", ...opts.headers },
  });
}

async function projectOnFakeAgent() {
  const project = await createProject(world.A.orgId);
  await db.campaign.create({ data: { organizationId: world.A.orgId, projectId: project.id, name: `C ${uid()}`, platform: "forum", skill: "forum-scout", runner: FAKE_SLUG } });
  return project;
}

/** A real project-extractor run of the scripted agent that opens the source and reads `file`. */
async function extractionReads(projectId: number, file: string) {
  await scriptOrgPlaybook(world.A.orgId, "project-extractor", {
    steps: [
      { tool: "project_extract_start" },
      { tool: "project_extract_files", args: {} },
      { tool: "project_extract_read", args: { path: file } },
      { tool: "project_extract_finish", args: { description: `Read ${file}` } },
    ],
  });
  const started = await requestProjectExtraction({ orgId: world.A.orgId, projectId });
  expect(await started.done).toEqual({ status: "success", failureReason: null });
  const results = await toolResults(started.runId);
  expect(results.map((r) => r.status)).toEqual(["completed", "completed", "completed", "completed"]);
  const [start, files, read] = results.slice(0, 3).map((r) => JSON.parse(r.text));
  return { start, files, read };
}

describe("a good archive becomes the project's source", () => {
  it("a zip and then a .tar.gz: shown in words, unpacked under the data directory, read by a real extraction run", async () => {
    const project = await projectOnFakeAgent();
    const zip = zipOf([
      { name: "widget-main/" },
      { name: "widget-main/README.md", data: "# Widget from the zip\n\nCI digests.\n" },
      { name: "widget-main/src/index.ts", data: "export const main = 1;\n" },
    ]);
    const first = await put(project.id, zip, { name: "widget-main.zip" });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.source).toEqual({ kind: "archive", name: "widget-main.zip", fileCount: 2, bytes: 58, fetchedAt: expect.any(String), error: null });
    // No server path in the answer.
    expect(JSON.stringify(first.json)).not.toContain(world.dataDir);

    // The single top folder is the source's top: README.md is at the top for the agent.
    const fromZip = await extractionReads(project.id, "README.md");
    expect(fromZip.start.source).toEqual({ kind: "archive", name: "widget-main.zip" });
    expect(fromZip.start.entries).toEqual([{ name: "README.md", type: "file", size: 35 }, { name: "src", type: "dir" }]);
    expect(fromZip.files.files.map((f: { path: string }) => f.path)).toEqual(["README.md", "src/index.ts"]);
    expect(fromZip.read.content).toBe("# Widget from the zip\n\nCI digests.\n");
    expect(JSON.stringify(fromZip)).not.toContain(world.dataDir);

    const tgz = tarGzOf([{ path: "README.md", data: "# Widget from the tarball\n" }, { path: "docs/", type: "Directory" }, { path: "docs/guide.md", data: "Guide\n" }]);
    const second = await put(project.id, tgz, { type: "application/gzip", name: "widget.tar.gz" });
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect(second.json.source).toMatchObject({ kind: "archive", name: "widget.tar.gz", fileCount: 2 });
    const fromTar = await extractionReads(project.id, "docs/guide.md");
    expect(fromTar.read.content).toBe("Guide\n");
    expect(fromTar.files.files.map((f: { path: string }) => f.path)).toEqual(["README.md", "docs/guide.md"]);

    // One tree on disk: the replaced one is gone, and nothing is left in staging.
    const dir = projectSourcesDir(world, world.A.orgId, project.id);
    expect(fs.readdirSync(dir).filter((n) => n.startsWith("tree-"))).toHaveLength(1);
    expect(filesUnder(path.join(world.dataDir, "sources", String(world.A.orgId), ".staging"))).toEqual([]);
  });
});

describe("a refused archive: 4xx, nothing written outside the project's folder, the previous source kept", () => {
  let project: { id: number };
  let before: Awaited<ReturnType<typeof sourceColumns>>;
  let treeBefore: string[];
  const marker = `evil-${uid()}`;

  beforeAll(async () => {
    project = await createProject(world.A.orgId);
    const good = await put(project.id, zipOf([{ name: "README.md", data: "# Kept\n" }]), { name: "kept.zip" });
    expect(good.status).toBe(200);
    before = await sourceColumns(project.id);
    treeBefore = filesUnder(projectSourcesDir(world, world.A.orgId, project.id));
  });

  async function expectRefused(res: { status: number; json: any }, status: number, message: RegExp) {
    expect(res.status, JSON.stringify(res.json)).toBe(status);
    expect(res.json.message).toMatch(message);
    expect(await sourceColumns(project.id)).toEqual(before);
    expect(filesUnder(projectSourcesDir(world, world.A.orgId, project.id))).toEqual(treeBefore);
    expect(filesUnder(path.join(world.dataDir, "sources", String(world.A.orgId), ".staging"))).toEqual([]);
    for (const dir of [world.tmp, os.tmpdir(), "/tmp"]) expect(fs.readdirSync(dir).filter((n) => n.includes(marker))).toEqual([]);
    expect(filesUnder(world.tmp).filter((n) => n.includes(marker))).toEqual([]);
  }

  it.each([
    ["zip", "a ../ entry", () => zipOf([{ name: "README.md", data: "x" }, { name: `../../${marker}.txt`, data: "x" }]), /entry "\.\.\/\.\.\/evil-\w+\.txt" leads outside its folder/],
    ["tar.gz", "a ../ entry", () => tarGzOf([{ path: `a/../../${marker}.txt`, data: "x" }]), /leads outside its folder/],
    ["zip", "an absolute path", () => zipOf([{ name: `/tmp/${marker}.txt`, data: "x" }]), /is an absolute path/],
    ["tar.gz", "an absolute path", () => tarGzOf([{ path: `/tmp/${marker}.txt`, data: "x" }]), /is an absolute path/],
    ["zip", "a symbolic link", () => zipOf([{ name: "passwd", data: "/etc/passwd", mode: 0o120777 }]), /entry "passwd" is a symbolic link/],
    ["tar.gz", "a symbolic link", () => tarGzOf([{ path: "key", type: "SymbolicLink", linkpath: path.join(world.dataDir, "credentials-key") }]), /is a symbolic link/],
    ["tar.gz", "a hard link", () => tarGzOf([{ path: "a", data: "x" }, { path: "b", type: "Link", linkpath: "/etc/passwd" }]), /is a hard link/],
    ["zip", "a device file", () => zipOf([{ name: "null", mode: 0o020666 }]), /is a device file/],
    ["tar.gz", "a device file", () => tarGzOf([{ path: "null", type: "CharacterDevice" }]), /is a device file/],
    ["zip", "not a zip at all", () => Buffer.from("PK but not really a zip file, just text"), /not a readable zip file/],
    ["tar.gz", "gzip of something that is not tar", () => Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4, 5, 6, 7]), /not a readable (gzip|tar)/],
    ["zip", "bytes that are no zip", () => Buffer.from("hello, I am a text file"), /the file is not a zip archive/],
  ])("%s with %s is 422", async (format, _what, build, message) => {
    const res = await put(project.id, build(), { type: format === "zip" ? "application/zip" : "application/gzip", name: `bad.${format}` });
    await expectRefused(res, 422, message);
  });

  it("too many entries, a zip bomb over the unpacked limit and a file over its own limit are 422, in zip and tar.gz", async () => {
    await withEnv({ OUTREACH_SOURCE_MAX_FILES: "20", OUTREACH_SOURCE_MAX_UNPACKED_MB: "1", OUTREACH_SOURCE_MAX_FILE_MB: "0.6" }, async () => {
      const many = Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.txt`, data: "x" }));
      await expectRefused(await put(project.id, zipOf(many)), 422, /more than 20 entries/);
      await expectRefused(await put(project.id, tarGzOf(many.map((m) => ({ path: m.name, data: m.data }))), { type: "application/gzip" }), 422, /more than 20 entries/);
      // Three files of zeros, each under the per-file limit, 1.5 MB in all from an upload of a few KB.
      const zeros = Buffer.alloc(500 * 1024);
      const bomb = zipOf([{ name: "a.txt", data: zeros }, { name: "b.txt", data: zeros }, { name: "c.txt", data: zeros }]);
      expect(bomb.length).toBeLessThan(10 * 1024);
      await expectRefused(await put(project.id, bomb), 422, /add up to more than 1 MB/);
      await expectRefused(await put(project.id, tarGzOf(["a", "b", "c"].map((n) => ({ path: n, data: zeros }))), { type: "application/gzip" }), 422, /more than 1 MB/);
      await expectRefused(await put(project.id, zipOf([{ name: "big.txt", data: Buffer.alloc(700 * 1024) }])), 422, /"big\.txt" is larger than 614\.4 KB, the limit for one file/);
    });
  });

  it("an upload over its limit is 413: a declared length at once, a streamed one while it is read", async () => {
    await withEnv({ OUTREACH_SOURCE_MAX_UPLOAD_MB: "0.01" }, async () => {
      const big = zipOf([{ name: "noise.bin", data: randomBytes(20 * 1024), method: 0 }]);
      const streamed = await put(project.id, big);
      expect(streamed.status).toBe(413);
      expect(streamed.json).toMatchObject({ error: "payload_too_large", message: expect.stringMatching(/^The archive is larger than 10\.2 KB, the limit for an upload\./) });
      const declared = await put(project.id, Buffer.from("PK"), { headers: { "content-length": String(5 * 1024 * 1024) } });
      expect(declared.status).toBe(413);
      await expectRefused(streamed, 413, /larger than/);
    });
  });

  it("a request that is not an archive upload is 400", async () => {
    await expectRefused(await put(project.id, zipOf([{ name: "a", data: "x" }]), { type: "application/json" }), 400, /Send the archive as application\/zip/);
    await expectRefused(await put(project.id, Buffer.alloc(0)), 400, /body is empty|has no body/);
  });
});
