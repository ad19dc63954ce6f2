// Cross-tenant cases of the project-source routes: B cannot upload to, fetch again or remove the source of A's
// project; each answers like a missing project and changes nothing, on disk included.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, expect } from "vitest";
import { db } from "@/lib/db/client";
import * as sourceRoute from "@/app/api/projects/[id]/source/route";
import * as archiveRoute from "@/app/api/projects/[id]/source/archive/route";
import * as refreshRoute from "@/app/api/projects/[id]/source/refresh/route";
import { zipOf } from "../fakes/make-archive";
import { call } from "./http";
import { withEnv } from "./org-fixtures";
import { id, type RouteCases, type TenantWorld } from "./cross-tenant-world";

export function sourceRouteCases(world: TenantWorld): RouteCases {
  let w: TenantWorld;
  beforeAll(() => {
    w = world;
  });
  const asB = () => ({ cookie: w.B.cookie });
  const columns = () =>
    db.project.findUniqueOrThrow({ where: { id: w.a.projectId }, select: { sourceKind: true, sourcePath: true, sourceRepoUrl: true, sourceArchiveName: true, sourceError: true, updatedAt: true } });

  /** Runs `fn` with a fresh data directory and proves nothing was written into it. */
  async function nothingOnDisk(fn: () => Promise<void>) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "xt-sources-"));
    try {
      await withEnv({ OUTREACH_DATA_DIR: dataDir }, fn);
      expect(fs.readdirSync(dataDir, { recursive: true })).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  return {
    "/api/projects/[id]/source/archive": async () => {
      const before = await columns();
      await nothingOnDisk(async () => {
        const res = await call(archiveRoute.PUT, {
          ...asB(), method: "PUT", params: { id: id(w.a.projectId) }, path: `/api/projects/${w.a.projectId}/source/archive?name=stolen.zip`,
          rawBody: zipOf([{ name: "README.md", data: "# B's" }]) as unknown as string, headers: { "content-type": "application/zip" },
        });
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ error: "not_found", message: "Project not found" });
      });
      expect(await columns()).toEqual(before);
    },
    "/api/projects/[id]/source/refresh": async () => {
      await db.project.update({ where: { id: w.a.projectId }, data: { sourceKind: "repository", sourceRepoUrl: "https://git.example/a-private-name.git" } });
      try {
        const before = await columns();
        const res = await call(refreshRoute.POST, { ...asB(), method: "POST", params: { id: id(w.a.projectId) }, body: {} });
        expect(res.status).toBe(404);
        expect(JSON.stringify(res.json)).not.toContain("a-private-name");
        expect(await columns()).toEqual(before);
      } finally {
        await db.project.update({ where: { id: w.a.projectId }, data: { sourceKind: null, sourceRepoUrl: null } });
      }
    },
    "/api/projects/[id]/source": async () => {
      await db.project.update({ where: { id: w.a.projectId }, data: { sourceKind: "archive", sourceArchiveName: "a.zip" } });
      try {
        const before = await columns();
        const res = await call(sourceRoute.DELETE, { ...asB(), method: "DELETE", params: { id: id(w.a.projectId) } });
        expect(res.status).toBe(404);
        expect(await columns()).toEqual(before);
      } finally {
        await db.project.update({ where: { id: w.a.projectId }, data: { sourceKind: null, sourceArchiveName: null } });
      }
    },
  };
}
