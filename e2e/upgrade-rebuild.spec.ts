// An upgrade cannot serve a stale build: in a clone of this checkout, `npm start` builds once, a page is changed (as a
// `git pull` would), and the next `npm start` says in one line why it builds again and then serves the change; a
// start with nothing changed serves the build it has without building.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures/hydration";
import { E2E_PORT } from "../playwright.config";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "../test/int/fresh-database";
import { baseAppEnv } from "./server";

const PORT = E2E_PORT + 81;
const root = path.resolve(import.meta.dirname, "..");
let work: string;
let checkout: string;
let database: FreshDatabase;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "upgrade-rebuild-"));
  checkout = path.join(work, "outreach");
  expect(spawnSync("git", ["clone", "--quiet", "--no-hardlinks", root, checkout]).status).toBe(0);
  // The installed packages and the generated Prisma client, as `npm install` would leave them (hard links: quick).
  expect(spawnSync("cp", ["-al", path.join(root, "node_modules"), path.join(checkout, "node_modules")]).status).toBe(0);
  fs.cpSync(path.join(root, "lib", "generated"), path.join(checkout, "lib", "generated"), { recursive: true });
  database = await createFreshDatabase("rebuild");
});

test.afterAll(async () => {
  await database?.drop();
  await stopEmbeddedTestServer();
  fs.rmSync(work, { recursive: true, force: true });
});

/** `npm start` in the clone until /login answers; its output so far and a way to stop it. */
async function npmStart(): Promise<{ output: () => string; stop: () => Promise<void> }> {
  const env = { ...baseAppEnv(), DATABASE_URL: database.url, PORT: String(PORT), HOSTNAME: "127.0.0.1", OUTREACH_JOBS: "off" } as Record<string, string>;
  delete env.NODE_ENV;
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs", "start"], { cwd: checkout, env: env as unknown as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise((r) => child.once("exit", r));
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output.slice(-4000)}`);
    const res = await fetch(`http://127.0.0.1:${PORT}/login`).catch(() => null);
    if (res?.status === 200) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`npm start did not serve /login:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const loginPage = async () => (await fetch(`http://127.0.0.1:${PORT}/login`)).text();

test("npm start builds again when a page changed since the last build, and serves the change", async () => {
  test.setTimeout(600_000);
  const first = await npmStart();
  expect(first.output()).toContain("Building (about a minute): there is no production build yet.");
  expect(await loginPage()).toContain("Use the account your organization set up.");
  await first.stop();

  // What an upgrade brings: the page's words changed.
  const page = path.join(checkout, "app", "login", "page.tsx");
  fs.writeFileSync(page, fs.readFileSync(page, "utf8").replace("Use the account your organization set up.", "Sign in with the account of this release."));
  const second = await npmStart();
  const building = second.output().split("\n").filter((line) => line.startsWith("Building"));
  expect(building).toEqual(["Building (about a minute): the source files changed since the last build."]);
  const html = await loginPage();
  expect(html).toContain("Sign in with the account of this release.");
  expect(html).not.toContain("Use the account your organization set up.");
  await second.stop();

  // Nothing changed: the build is served as it is.
  const third = await npmStart();
  expect(third.output()).not.toContain("Building");
  expect(await loginPage()).toContain("Sign in with the account of this release.");
  await third.stop();
});
