// `npm run fleet`: the fleet on this machine (deploy/fleet/start-fleet.ts; docs/deploying.md, "A fleet"), in the
// foreground until Ctrl+C. It needs haproxy (`apt-get install -y haproxy`), a build (`npm run build`) and the
// PostgreSQL server in DATABASE_URL, on which it makes a fresh database.
//   FLEET_PORT      HAProxy's port (default 3800); the members take the seven ports after it
//   FLEET_DIR       the fleet's data, secrets and logs (default .data/fleet)
//   RELAY_BACKEND   the agent the relays run (default: the scripted test agent, which needs no sign-in)
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startFleet } from "./start-fleet";

const root = path.resolve(import.meta.dirname, "..", "..");
process.chdir(root);
try {
  process.loadEnvFile(path.join(root, ".env"));
} catch {
  // no .env: the environment alone
}
if (!process.env.DATABASE_URL) {
  console.error("npm run fleet needs DATABASE_URL: the PostgreSQL server the fleet shares (it makes a fresh database there).");
  process.exit(1);
}
if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("npm run fleet serves the production build: run `npm run build` first.");
  process.exit(1);
}

const env: Record<string, string> = {};
let relayBackend = process.env.RELAY_BACKEND ?? "";
if (!relayBackend) {
  // The scripted agent of the tests, registered as an extra backend, so the relays run offline.
  const file = path.resolve(process.env.FLEET_DIR ?? ".data/fleet", "backends.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify([{ slug: "fake-agent", label: "Scripted agent", binary: process.execPath, acpArgs: [path.join(root, "e2e", "fixtures", "fake-acp-agent.mjs")], installHint: "ships with the tests" }]));
  env.OUTREACH_EXTRA_BACKENDS = file;
  relayBackend = "fake-agent";
}

const basePort = Number(process.env.FLEET_PORT ?? 3800);
const fleet = await startFleet({ root, databaseUrl: await createFleetDatabase(process.env.DATABASE_URL), dir: path.resolve(process.env.FLEET_DIR ?? ".data/fleet"), basePort, env, relayBackend });
console.log(`fleet ready: ${fleet.base} (HAProxy stats on http://127.0.0.1:${basePort + 7}/), database ${new URL(fleet.databaseUrl).pathname.slice(1)}`);
for (const m of [...fleet.apps, ...fleet.relays, fleet.jobs, fleet.haproxy]) console.log(`  ${m.name}  pid ${m.pid}`);
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log("stopping the fleet...");
    void fleet.stop().then(() => process.exit(0));
  });
}

/** A fresh database on the server DATABASE_URL names, so a fleet never starts on data it did not make. */
async function createFleetDatabase(serverUrl: string): Promise<string> {
  const name = `outreach_fleet_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new URL(serverUrl);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
