// A tenant never turns a project's source into a reader of the server's files (docs/security.md "Files"): a folder
// source must lie inside a root the operator lists, never be or hold the data directory or the app, and never leave
// the roots through a link; the cloud edition offers no folders at all; an old row holding a free-text path outside
// the roots is refused at every read, in a real extraction run, with a sentence saying why; and the files a project
// handed over are deleted with the project and with its organization.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startRun } from "@/lib/runs/start-run";
import { deleteOrganization } from "@/lib/organizations/delete-organization";
import { folderSourcesOffered } from "@/lib/sources/folder-source";
import * as projects from "@/app/api/projects/route";
import * as projectRoute from "@/app/api/projects/[id]/route";
import * as extractRoute from "@/app/api/projects/[id]/extract/route";
import * as archiveRoute from "@/app/api/projects/[id]/source/archive/route";
import * as sourceRoute from "@/app/api/projects/[id]/source/route";
import { tarGzOf } from "../fakes/make-archive";
import { call } from "./http";
import { createOrg, createProject, uid } from "./fixtures";
import { joinOrg, withEnv } from "./org-fixtures";
import { FAKE_SLUG, registerFakeBackends, scriptOrgPlaybook, serveToolServer, toolResults } from "./agent-harness";
import { filesUnder, projectSourcesDir, sourceColumns, useSourcesWorld } from "./sources-harness";

const world = useSourcesWorld();

const patch = (projectId: number, body: unknown, cookie = world.memberKey) =>
  call(projectRoute.PATCH, { cookie, method: "PATCH", params: { id: String(projectId) }, body });

describe("a folder source lies inside the operator's roots, and nowhere else", () => {
  it("refuses /, the data directory, a root that holds it, the app's folder and links out of the root: 400, nothing saved", async () => {
    const project = await createProject(world.A.orgId);
    const before = await sourceColumns(project.id);
    const refused: Array<[string, RegExp]> = [
      ["/", /\/ is not inside a folder offered as a source/],
      ["/etc", /\/etc is not inside a folder offered as a source/],
      [world.dataDir, /holds the dashboard's own files/],
      [path.join(world.dataDir, "sources"), /does not exist on this server|holds the dashboard's own files/],
      [world.srv, /holds the dashboard's own files/],
      [process.cwd(), /is not inside a folder offered as a source/],
      [world.escape, /is not inside a folder offered as a source .*\(it leads to .*outside\)/],
      ["escape", /is not inside a folder offered as a source .*\(it leads to .*outside\)/],
      ["../outside", /leads outside the folders offered as sources/],
      [path.join(world.srv, "..", "outside"), /is not inside a folder offered as a source/],
    ];
    for (const [given, reason] of refused) {
      for (const body of [{ sourcePath: given }, { source: { kind: "folder", path: given } }]) {
        const res = await patch(project.id, body);
        expect(res.status, `${JSON.stringify(body)}: ${JSON.stringify(res.json)}`).toBe(400);
        expect(res.json.error).toBe("bad_request");
        expect(res.json.message).toMatch(/^This folder cannot be a project source: /);
        expect(res.json.message, given).toMatch(reason);
      }
    }
    expect(await sourceColumns(project.id)).toEqual(before);

    const name = `Rooted ${uid()}`;
    const created = await call(projects.POST, { cookie: world.memberKey, method: "POST", body: { name, sourcePath: "/" } });
    expect(created.status).toBe(400);
    expect(await db.project.count({ where: { organizationId: world.A.orgId, name } })).toBe(0);
  });

  it("takes a folder inside a root, relative to it or absolute, and stores where it really is", async () => {
    const project = await createProject(world.A.orgId);
    const relative = await patch(project.id, { source: { kind: "folder", path: "widget" } });
    expect(relative.status, JSON.stringify(relative.json)).toBe(200);
    expect(relative.json.source).toEqual({ kind: "folder", path: world.widget });
    const absolute = await patch(project.id, { sourcePath: `${world.widget}/src/..` });
    expect(absolute.json.source).toEqual({ kind: "folder", path: world.widget });
    expect(await sourceColumns(project.id)).toMatchObject({ sourceKind: "folder", sourcePath: world.widget });
    // "" or null removes it.
    expect((await patch(project.id, { sourcePath: "" })).json.source).toBeNull();
  });

  it("offers no folders when no root is listed, and says what the operator would set", async () => {
    await withEnv({ OUTREACH_SOURCE_ROOTS: undefined }, async () => {
      expect(folderSourcesOffered()).toBe(false);
      const project = await createProject(world.A.orgId);
      const res = await patch(project.id, { sourcePath: world.widget });
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/no folders on this server are offered as sources \(the operator lists them in OUTREACH_SOURCE_ROOTS\)/);
      expect((await sourceColumns(project.id)).sourceKind).toBeNull();
    });
    expect(folderSourcesOffered()).toBe(true);
  });

  it("the cloud edition refuses a folder source, in words that name no server setting or path", async () => {
    await withEnv({ OUTREACH_EDITION: "cloud" }, async () => {
      expect(folderSourcesOffered()).toBe(false);
      const project = await createProject(world.A.orgId);
      const res = await patch(project.id, { source: { kind: "folder", path: world.widget } });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("Folder sources are not offered here. Upload an archive or give a Git repository instead.");
      expect((await sourceColumns(project.id)).sourceKind).toBeNull();

      // An old folder row is refused at read with the same care.
      const old = await db.project.create({ data: { organizationId: world.A.orgId, name: `Old ${uid()}`, sourceKind: "folder", sourcePath: world.widget } });
      const extract = await call(extractRoute.POST, { cookie: world.memberKey, method: "POST", params: { id: String(old.id) } });
      expect(extract.status).toBe(422);
      expect(extract.json.message).toMatch(/^This project's source is a folder on the server, which is not offered here/);
      expect(extract.json.message).not.toMatch(/OUTREACH_|\//);
      expect(JSON.stringify(extract.json)).not.toContain(world.widget);
    });
  });
});

describe("a project row that already points at / (an install from before source roots)", () => {
  let project: { id: number };
  beforeAll(async () => {
    await registerFakeBackends();
    await serveToolServer();
    // What the migration makes of an old free-text path: a folder source, re-checked at every read.
    project = await db.project.create({ data: { organizationId: world.A.orgId, name: `Root ${uid()}`, description: "Old words", sourceKind: "folder", sourcePath: "/" } });
    await db.campaign.create({ data: { organizationId: world.A.orgId, projectId: project.id, name: `C ${uid()}`, platform: "forum", skill: "forum-scout", runner: FAKE_SLUG } });
  });

  it("Auto-extract is refused with a sentence saying why, and starts nothing", async () => {
    const res = await call(extractRoute.POST, { cookie: world.memberKey, method: "POST", params: { id: String(project.id) } });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe(`This project's source folder is not read: / is not inside a folder offered as a source (${world.srv}). Choose another source (Edit project → Source).`);
    expect(await db.run.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("a real extraction run cannot list or read /etc/passwd or the credentials key, and reads why", async () => {
    const keyFromRoot = path.relative("/", path.join(world.dataDir, "credentials-key"));
    await scriptOrgPlaybook(world.A.orgId, "project-extractor", {
      steps: [
        { tool: "project_extract_start" },
        { tool: "project_extract_files", args: {} },
        { tool: "project_extract_files", args: { dir: "etc" } },
        { tool: "project_extract_read", args: { path: "etc/passwd" } },
        { tool: "project_extract_read", args: { path: keyFromRoot } },
      ],
    });
    // A run begun by the version before this one, whose snapshot is the bare path.
    const started = await startRun({
      orgId: world.A.orgId, projectId: project.id, kind: "project_extraction", runner: FAKE_SLUG, playbookSlug: "project-extractor",
      trigger: "manual", params: { sourcePath: "/" },
    });
    const outcome = await started.done;
    expect(outcome?.status).not.toBe("success");
    const results = await toolResults(started.runId);
    expect(results).toHaveLength(5);
    for (const r of results) {
      expect(r.status).toBe("failed");
      expect(r.text).toBe(`unprocessable: This project's source folder is not read: / is not inside a folder offered as a source (${world.srv}). Choose another source (Edit project → Source).`);
      expect(r.text).not.toMatch(/root:.*:0:0:/);
      expect(r.text).not.toContain(world.keyText);
    }
    const events = await db.runEvent.findMany({ where: { runId: started.runId } });
    expect(JSON.stringify(events)).not.toContain(world.keyText);
    expect(JSON.stringify(events)).not.toMatch(/root:x?:?0:0:/);
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).description).toBe("Old words");
  });
});

describe("the files a project handed over go with it", () => {
  const archive = () => tarGzOf([{ path: "README.md", data: "# Gone soon\n" }]);
  const upload = (projectId: number, cookie: string) =>
    call(archiveRoute.PUT, { cookie, method: "PUT", params: { id: String(projectId) }, rawBody: archive() as unknown as string, headers: { "content-type": "application/gzip" } });

  it("removing the source, deleting the project and deleting the organization remove its folder", async () => {
    const owner = await createOrg();
    // The owner also belongs to another organization, which deleting one needs.
    await joinOrg(owner, world.B.orgId, "member");
    const [p1, p2, p3] = await Promise.all([createProject(owner.orgId), createProject(owner.orgId), createProject(owner.orgId)]);
    for (const p of [p1, p2, p3]) expect((await upload(p.id, owner.cookie)).status).toBe(200);
    for (const p of [p1, p2, p3]) expect(filesUnder(projectSourcesDir(world, owner.orgId, p.id))).toContain("current");

    const removed = await call(sourceRoute.DELETE, { cookie: owner.cookie, method: "DELETE", params: { id: String(p1.id) } });
    expect(removed.status).toBe(204);
    expect(fs.existsSync(projectSourcesDir(world, owner.orgId, p1.id))).toBe(false);
    expect((await sourceColumns(p1.id)).sourceKind).toBeNull();

    const deleted = await call(projectRoute.DELETE, { cookie: owner.cookie, method: "DELETE", params: { id: String(p2.id) } });
    expect(deleted.status).toBe(204);
    expect(fs.existsSync(projectSourcesDir(world, owner.orgId, p2.id))).toBe(false);
    expect(fs.existsSync(projectSourcesDir(world, owner.orgId, p3.id))).toBe(true);

    const org = await db.organization.findUniqueOrThrow({ where: { id: owner.orgId } });
    await deleteOrganization({ orgId: owner.orgId, userId: owner.userId, confirmName: org.name });
    expect(fs.existsSync(path.join(world.dataDir, "sources", String(owner.orgId)))).toBe(false);
  });
});
