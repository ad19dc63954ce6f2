// What an uploaded archive may cost the server (docs/security.md "Archives"): reading stops at the tar end-of-archive
// marker, so a megabyte of gzip that inflates to a gigabyte of zeros after it is answered at once; an unpack has a
// deadline, and a request that ends stops it; nothing is left in staging either way. The stale-staging sweep removes
// what a killed process left, and only that.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import * as archiveRoute from "@/app/api/projects/[id]/source/archive/route";
import * as projectsRoute from "@/app/api/projects/route";
import { uploadProjectArchive } from "@/lib/sources/upload-project-archive";
import { STALE_STAGING_MS, sweepSourceFiles, sweepStaleStaging } from "@/lib/sources/sweep-source-files";
import { db } from "@/lib/db/client";
import { tarGzOf, zipOf } from "../fakes/make-archive";
import { call } from "./http";
import { createProject } from "./fixtures";
import { withEnv } from "./org-fixtures";
import { filesUnder, projectSourcesDir, sourceColumns, useSourcesWorld } from "./sources-harness";

const world = useSourcesWorld();

function put(projectId: number, body: Buffer, type = "application/gzip") {
  return call(archiveRoute.PUT, {
    cookie: world.memberKey,
    method: "PUT",
    path: `/api/projects/${projectId}/source/archive`,
    params: { id: String(projectId) },
    rawBody: body as unknown as string,
    headers: { "content-type": type },
  });
}

/** `mb` megabytes of zeros as gzip: one small gzip member repeated (gunzip reads concatenated members as one stream). */
function gzippedZeros(mb: number): Buffer {
  const member = zlib.gzipSync(Buffer.alloc(1024 * 1024));
  return Buffer.concat(Array.from({ length: mb }, () => member));
}

const stagingOf = (orgId: number) => path.join(world.dataDir, "sources", String(orgId), ".staging");

describe("the tar end-of-archive marker ends the reading", () => {
  it("a real archive followed by a gigabyte of zeros is taken, with its files, from a 1 MB upload", async () => {
    const project = await createProject(world.A.orgId);
    const archive = Buffer.concat([tarGzOf([{ path: "README.md", data: "# Tail\n" }, { path: "src/a.ts", data: "export {};\n" }]), gzippedZeros(1024)]);
    expect(archive.length).toBeLessThan(1.1 * 1024 * 1024);
    const res = await put(project.id, archive);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.source).toMatchObject({ kind: "archive", fileCount: 2, bytes: 18 });
    expect(filesUnder(stagingOf(world.A.orgId))).toEqual([]);
  });

  it("a gigabyte of zeros and nothing else is refused as holding no archive, at once", async () => {
    const project = await createProject(world.A.orgId);
    const res = await put(project.id, gzippedZeros(1024));
    expect(res.status, JSON.stringify(res.json)).toBe(422);
    expect(res.json.message).toMatch(/^The archive was refused: (it is not a readable tar archive|it holds no files)/);
    expect((await sourceColumns(project.id)).sourceKind).toBeNull();
    expect(filesUnder(stagingOf(world.A.orgId))).toEqual([]);
  });
});

describe("an unpack is bounded in time", () => {
  let project: { id: number };
  let before: Awaited<ReturnType<typeof sourceColumns>>;

  beforeAll(async () => {
    project = await createProject(world.A.orgId);
    expect((await put(project.id, zipOf([{ name: "README.md", data: "# Kept\n" }]), "application/zip")).status).toBe(200);
    before = await sourceColumns(project.id);
  });

  it("past its deadline the upload is refused, the staging folder removed and the previous source kept", async () => {
    // 150 MB of zeros in one file: far more than 50 ms of inflating and writing on any disk.
    const big = tarGzOf([{ path: "zeros.bin", data: Buffer.alloc(150 * 1024 * 1024) }]);
    await withEnv({ OUTREACH_SOURCE_UNPACK_TIMEOUT_S: "0.05", OUTREACH_SOURCE_MAX_FILE_MB: "200" }, async () => {
      const res = await put(project.id, big);
      expect(res.status, JSON.stringify(res.json)).toBe(422);
      expect(res.json.message).toBe("The archive was refused: it did not unpack within 0.05 s, the limit for one upload.");
    });
    expect(await sourceColumns(project.id)).toEqual(before);
    expect(filesUnder(stagingOf(world.A.orgId))).toEqual([]);
  });

  it("a request that ends while its archive is unpacked stops the unpack and leaves nothing behind", async () => {
    const request = new AbortController();
    request.abort();
    const body = new Blob([new Uint8Array(tarGzOf([{ path: "a.txt", data: "x" }]))]).stream();
    await expect(
      uploadProjectArchive({ orgId: world.A.orgId, projectId: project.id, contentType: "application/gzip", contentLength: null, body, signal: request.signal }),
    ).rejects.toThrow("The archive was refused: the upload was cancelled before it was unpacked.");
    expect(await sourceColumns(project.id)).toEqual(before);
    expect(filesUnder(stagingOf(world.A.orgId))).toEqual([]);
  });
});

describe("files nothing points at are swept", () => {
  it("at boot only staging folders over an hour old go; the nightly sweep also removes deleted projects' folders and unused trees", async () => {
    const staging = stagingOf(world.B.orgId);
    const old = path.join(staging, "s-killed");
    const young = path.join(staging, "s-unpacking");
    for (const dir of [old, young]) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "upload"), "half an archive");
    }
    const now = new Date();
    const longAgo = new Date(now.getTime() - STALE_STAGING_MS - 60_000);
    fs.utimesSync(old, longAgo, longAgo);
    expect(await sweepStaleStaging({ now })).toBe(1);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(young)).toBe(true);

    // A project with a source, a leftover tree beside its current one, and the folder of a project since deleted.
    const kept = await createProject(world.B.orgId);
    const upload = await call(archiveRoute.PUT, {
      cookie: world.B.cookie, method: "PUT", path: `/api/projects/${kept.id}/source/archive`, params: { id: String(kept.id) },
      rawBody: zipOf([{ name: "README.md", data: "# B\n" }]) as unknown as string, headers: { "content-type": "application/zip" },
    });
    expect(upload.status, JSON.stringify(upload.json)).toBe(200);
    const keptDir = projectSourcesDir(world, world.B.orgId, kept.id);
    fs.mkdirSync(path.join(keptDir, "tree-leftover"));
    const gone = await createProject(world.B.orgId);
    const goneDir = projectSourcesDir(world, world.B.orgId, gone.id);
    fs.mkdirSync(path.join(goneDir, "tree-orphan"), { recursive: true });
    await db.project.delete({ where: { id: gone.id } });

    expect(await sweepSourceFiles({ now, orgIds: [world.B.orgId] })).toEqual({ staging: 0, projects: 1 });
    expect(fs.existsSync(goneDir)).toBe(false);
    expect(fs.readdirSync(keptDir).filter((n) => n.startsWith("tree-"))).toHaveLength(1);
    expect(fs.existsSync(path.join(keptDir, "tree-leftover"))).toBe(false);
    expect(fs.existsSync(young)).toBe(true);
    fs.rmSync(young, { recursive: true });
  });
});

describe("storage quota and project cap", () => {
  it("an organization's sources together stay under its quota; replacing a source counts only the new one; usage in words", async () => {
    const org = world.B;
    const [one, two] = await Promise.all([createProject(org.orgId), createProject(org.orgId)]);
    const upload = (projectId: number, kb: number) =>
      call(archiveRoute.PUT, {
        cookie: org.cookie, method: "PUT", path: `/api/projects/${projectId}/source/archive`, params: { id: String(projectId) },
        rawBody: zipOf([{ name: "data.txt", data: Buffer.alloc(kb * 1024, 120) }]) as unknown as string, headers: { "content-type": "application/zip" },
      });
    await withEnv({ OUTREACH_SOURCE_QUOTA_MB: "0.1" }, async () => {
      // Other tests' sources of B count too; start from what is there.
      const { getStorageUsage } = await import("@/lib/sources/get-storage-usage");
      const start = (await getStorageUsage({ orgId: org.orgId })).usedBytes;
      expect(start).toBeLessThan(1024);
      expect((await upload(one.id, 60)).status).toBe(200);
      const refused = await upload(two.id, 60);
      expect(refused.status, JSON.stringify(refused.json)).toBe(422);
      expect(refused.json.message).toMatch(/^The archive was refused: this organization's sources may take 102\.4 KB in all, and other projects use 60(\.\d)? KB of it\. Remove a source you no longer need\.$/);
      expect((await sourceColumns(two.id)).sourceKind).toBeNull();
      // Project one's own 60 KB make room for its replacement.
      expect((await upload(one.id, 90)).status).toBe(200);
      expect(await getStorageUsage({ orgId: org.orgId })).toMatchObject({ usedBytes: start + 90 * 1024, quotaBytes: 104857 });
      // Full: the next upload is refused before its body is read.
      const full = await upload(two.id, 20);
      expect(full.status).toBe(422);
      expect(filesUnder(stagingOf(org.orgId))).toEqual([]);
    });
  });

  it("a project past the organization's cap is refused, however many are created at once", async () => {
    const org = world.A;
    const have = await db.project.count({ where: { organizationId: org.orgId } });
    await withEnv({ OUTREACH_MAX_PROJECTS: String(have + 2) }, async () => {
      const made = await Promise.all(
        Array.from({ length: 5 }, (_, i) => call(projectsRoute.POST, { cookie: org.cookie, method: "POST", path: "/api/projects", body: { name: `Capped ${i} ${Date.now()}` } })),
      );
      expect(made.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409]);
      const refusal = made.find((r) => r.status === 409)!;
      expect(refusal.json).toMatchObject({ error: "conflict", message: `This organization has ${have + 2} projects, the most it may have. Delete a project you no longer need.` });
    });
    expect(await db.project.count({ where: { organizationId: org.orgId } })).toBe(have + 2);
  });
});
