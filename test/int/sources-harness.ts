// The world of the project-source suites: a server folder tree in a temporary directory, laid out the way an operator
// might: one source root (`srv`) that holds a product folder, the dashboard's data directory and a link that leads out
// of it, and a folder outside every root with a secret in it. The data directory holds a stand-in credentials key, so
// a test can prove it is never read. Organization A has a member API key (a tenant's strongest credential short of
// an admin session); organization B is the stranger.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { createOrg, createProject, uid, type OrgFixture } from "./fixtures";

export interface SourcesWorld {
  tmp: string;
  /** The operator's source root. */
  srv: string;
  /** A product folder inside the root. */
  widget: string;
  /** OUTREACH_DATA_DIR, inside the root on purpose. */
  dataDir: string;
  /** Text of the stand-in credentials key in the data directory. */
  keyText: string;
  /** A folder outside every root, and the link inside the root that leads to it. */
  outside: string;
  escape: string;
  A: OrgFixture;
  /** A member API key of A, in the `cookie` form `call()` takes. */
  memberKey: string;
  B: OrgFixture;
}

const ENV_KEYS = ["OUTREACH_SOURCE_ROOTS", "OUTREACH_DATA_DIR", "OUTREACH_EDITION", "OUTREACH_ALLOW_PRIVATE_HOSTS", "OUTREACH_SOURCE_MAX_UPLOAD_MB", "OUTREACH_SOURCE_MAX_UNPACKED_MB", "OUTREACH_SOURCE_MAX_FILE_MB", "OUTREACH_SOURCE_MAX_FILES"];

export function useSourcesWorld(): SourcesWorld {
  const world = {} as SourcesWorld;
  const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  beforeAll(async () => {
    world.tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "sources-")));
    world.srv = path.join(world.tmp, "srv");
    world.widget = path.join(world.srv, "widget");
    world.dataDir = path.join(world.srv, "outreach-data");
    world.outside = path.join(world.tmp, "outside");
    world.escape = path.join(world.srv, "escape");
    world.keyText = `local:${Buffer.alloc(32, 9).toString("base64")}`;
    fs.mkdirSync(path.join(world.widget, "src"), { recursive: true });
    fs.writeFileSync(path.join(world.widget, "README.md"), "# Widget\n\nWidget turns flaky CI logs into a daily digest.\n");
    fs.writeFileSync(path.join(world.widget, "src", "index.ts"), "export const main = () => 'digest';\n");
    fs.mkdirSync(world.dataDir, { recursive: true });
    fs.writeFileSync(path.join(world.dataDir, "credentials-key"), `${world.keyText}\n`);
    fs.mkdirSync(world.outside, { recursive: true });
    fs.writeFileSync(path.join(world.outside, "secret.txt"), "TOP SECRET outside every root\n");
    fs.symlinkSync(world.outside, world.escape);
    process.env.OUTREACH_SOURCE_ROOTS = world.srv;
    process.env.OUTREACH_DATA_DIR = world.dataDir;
    delete process.env.OUTREACH_EDITION;
    delete process.env.OUTREACH_ALLOW_PRIVATE_HOSTS;
    [world.A, world.B] = await Promise.all([createOrg(), createOrg()]);
    const { key } = await createApiKey({ orgId: world.A.orgId, userId: world.A.userId, name: `Member key ${uid()}`, role: "member" });
    world.memberKey = `apikey:${key}`;
  });
  afterAll(() => {
    for (const k of ENV_KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    if (world.tmp) fs.rmSync(world.tmp, { recursive: true, force: true });
  });
  return world;
}

/** The project row's source columns, to prove a refused change left them alone. */
export async function sourceColumns(projectId: number) {
  return db.project.findUniqueOrThrow({
    where: { id: projectId },
    select: {
      sourceKind: true, sourcePath: true, sourceRepoUrl: true, sourceRepoRef: true, sourceCommit: true, sourceArchiveName: true,
      sourceFetchedAt: true, sourceFileCount: true, sourceBytes: true, sourceError: true, name: true, description: true,
    },
  });
}

/** Every file under `dir`, relative, sorted (empty when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).map((p) => p.split(path.sep).join("/")).sort();
}

/** The folder where a project's handed-over sources live (lib/sources/managed-source-dir.ts). */
export function projectSourcesDir(world: SourcesWorld, orgId: number, projectId: number): string {
  return path.join(world.dataDir, "sources", String(orgId), String(projectId));
}

export { createProject };
