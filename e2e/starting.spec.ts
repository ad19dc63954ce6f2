// Starting instances as an operator meets it:
// - two instances started at the same moment on a new, empty database (a deploy that scales to two) both come up and
//   share one set of migrations (the app's and the job engine's) and one default organization;
// - a start that cannot succeed (the database named in DATABASE_URL does not exist) ends the process with the reason
//   in its log, instead of leaving a server up that answers every request with a 500.
import pg from "pg";
import { expect, test } from "./fixtures/hydration";
import { E2E_PORT } from "../playwright.config";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "../test/int/fresh-database";
import { baseAppEnv, startApp, type AppInstance } from "./server";

const databases: FreshDatabase[] = [];
const instances: AppInstance[] = [];

test.afterAll(async () => {
  await Promise.all(instances.splice(0).map((i) => i.stop()));
  for (const database of databases) await database.drop();
  await stopEmbeddedTestServer();
});

// The job engine is on, as in a deploy: it migrates its own schema at start, so the two instances race there too.
const envFor = (url: string) => ({ ...baseAppEnv(), DATABASE_URL: url, OUTREACH_AUTH: "off", OUTREACH_JOBS: "on" });

test("two instances started at once on an empty database both serve, with one default organization", async () => {
  test.setTimeout(120_000);
  const database = await createFreshDatabase("twostarts", { migrated: false });
  databases.push(database);
  const started = await Promise.allSettled([
    startApp({ port: E2E_PORT + 64, env: envFor(database.url), logName: "two-starts-a" }),
    startApp({ port: E2E_PORT + 65, env: envFor(database.url), logName: "two-starts-b" }),
  ]);
  for (const s of started) if (s.status === "fulfilled") instances.push(s.value);
  expect(started.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);

  // Each serves the same organization's data: a project made through one is listed by the other.
  const [a, b] = instances;
  const made = await fetch(`${a!.base}/api/projects`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Made on A" }) });
  expect(made.status).toBe(201);
  const listed = await (await fetch(`${b!.base}/api/projects`)).json();
  expect(listed.projects.map((p: { name: string }) => p.name)).toEqual(["Made on A"]);

  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  try {
    const orgs = await sql.query("SELECT slug FROM organizations");
    expect(orgs.rows).toEqual([{ slug: "default" }]);
    const repeated = await sql.query("SELECT migration_name FROM _prisma_migrations GROUP BY migration_name HAVING count(*) > 1");
    expect(repeated.rows).toEqual([]);
  } finally {
    await sql.end();
  }
});

test("a start whose database does not exist exits with the reason instead of serving errors", async () => {
  test.setTimeout(60_000);
  const database = await createFreshDatabase("missing", { migrated: false });
  databases.push(database);
  const missing = new URL(database.url);
  missing.pathname = `${missing.pathname}_absent`;
  // startApp waits up to 60 s for a server that answers below 500; a process that exits is reported at once.
  const start = startApp({ port: E2E_PORT + 66, env: envFor(missing.toString()), logName: "missing-database" });
  await expect(start).rejects.toThrow(/next start exited early[\s\S]*the server could not start[\s\S]*does not exist/);
});
