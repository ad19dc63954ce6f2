// An upgrade as an operator makes it: a database made by the previous release's migrations and holding a row in every
// one of its tables is started by today's code (its migrations applied at start). Every row is still there with the
// same values in every column the previous release had, and the dashboard reads them through the API.
//
// PREVIOUS_RELEASE is the newest migration the previous release shipped; move it forward at each release.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as projects from "@/app/api/projects/route";
import * as campaign from "@/app/api/campaigns/[id]/route";
import * as drafts from "@/app/api/drafts/route";
import * as runEvents from "@/app/api/runs/[id]/events/route";
import * as playbooks from "@/app/api/playbooks/route";
import { migrationNames, migrationsDir, runMigrations } from "@/lib/db/migrate";
import { closeDb } from "@/lib/db/client";
import { forgetDefaultOrganization } from "@/lib/organizations/ensure-default-organization";
import { call } from "./http";
import { createFreshDatabase, type FreshDatabase } from "./fresh-database";
import { fillEveryTable } from "./fill-every-table";
import { sessionCookie, setEnv } from "./org-fixtures";

const PREVIOUS_RELEASE = "20261126143000_contact_opt_out_index";

let fresh: FreshDatabase;
let restoreEnv = () => {};
let client: pg.Client;
let before: Map<string, { columns: string[]; rows: string }>;
let rows: Map<string, Record<string, unknown>>;
let applied: string[];

/** Each table's rows as JSON, over the columns it has now, in a stable order. */
async function snapshot(c: pg.Client): Promise<Map<string, { columns: string[]; rows: string }>> {
  const out = new Map<string, { columns: string[]; rows: string }>();
  const cols = await c.query<{ table: string; columns: string[] }>(`
    SELECT table_name AS "table", array_agg(column_name::text ORDER BY ordinal_position) AS columns FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' GROUP BY table_name`);
  for (const { table, columns } of cols.rows) out.set(table, { columns, rows: await rowsOf(c, table, columns) });
  return out;
}

async function rowsOf(c: pg.Client, table: string, columns: string[]): Promise<string> {
  const list = columns.map((n) => `"${n}"`).join(", ");
  const r = await c.query<{ j: unknown }>(`SELECT coalesce(json_agg(t ORDER BY t::text), '[]'::json) AS j FROM (SELECT ${list} FROM "${table}") t`);
  return JSON.stringify(r.rows[0]!.j);
}

beforeAll(async () => {
  fresh = await createFreshDatabase("upgrade", { migrated: false });
  // The previous release's migrations, from this checkout's folder: everything up to and including PREVIOUS_RELEASE.
  const names = migrationNames();
  expect(names).toContain(PREVIOUS_RELEASE);
  const old = fs.mkdtempSync(path.join(os.tmpdir(), "previous-release-"));
  for (const name of names.filter((n) => n <= PREVIOUS_RELEASE)) fs.cpSync(path.join(migrationsDir(), name), path.join(old, name), { recursive: true });
  await runMigrations({ url: fresh.url, dir: old });
  fs.rmSync(old, { recursive: true, force: true });

  client = new pg.Client({ connectionString: fresh.url });
  await client.connect();
  rows = await fillEveryTable(client, {
    organizations: { slug: "upgrade-harbor", name: "Harbor Upgrade" },
    users: { username: "upgrade-owner", email: null },
    memberships: { role: "owner" },
    projects: { name: "Upgrade project" },
    campaigns: { name: "Upgrade campaign", state: "active" },
    drafts: { state: "pending_review", body: "A draft written before the upgrade", target_user: "upgrade_person" },
    runs: { status: "failed", failure_reason: "network", kind: "campaign" },
    playbooks: { title: "Upgrade playbook", is_builtin: false },
  });
  before = await snapshot(client);

  // Today's start: the app's own boot applies the rest.
  restoreEnv = setEnv({ DATABASE_URL: fresh.url });
  await closeDb();
  forgetDefaultOrganization();
  applied = (await runMigrations({ url: fresh.url })).applied;
});

afterAll(async () => {
  await client?.end();
  await closeDb();
  restoreEnv();
  forgetDefaultOrganization();
  await fresh?.drop();
});

describe("upgrade from the previous release", () => {
  it("applies the migrations made since, and only those", () => {
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.every((n) => n > PREVIOUS_RELEASE)).toBe(true);
    expect(applied).toEqual(migrationNames().filter((n) => n > PREVIOUS_RELEASE));
  });

  /** Columns a migration since the previous release sets on purpose, with the migration and why. */
  const RESET_ON_PURPOSE: Readonly<Record<string, string>> = {
    "outcome_rollup_states.through":
      "20261129170000_outcome_variants and 20261130120000_followups: the rollups' watermark goes back so every organization's rollups are rebuilt with the variant, positive-reply and follow-up step columns",
  };

  it("keeps every row of every table, with the same value in every column the previous release had", async () => {
    expect(before.size).toBeGreaterThanOrEqual(40);
    for (const [table, { columns, rows: was }] of before) {
      expect(JSON.parse(was), table).toHaveLength(1);
      const reset = columns.filter((c) => RESET_ON_PURPOSE[`${table}.${c}`]);
      if (reset.length === 0) {
        expect(await rowsOf(client, table, columns), table).toBe(was);
        continue;
      }
      // A column a migration resets on purpose is left out; every other column keeps its value.
      const kept = columns.filter((c) => !reset.includes(c));
      const keptOf = (json: string) => JSON.stringify((JSON.parse(json) as Array<Record<string, unknown>>).map((row) => Object.fromEntries(kept.map((c) => [c, row[c]]))));
      expect(keptOf(await rowsOf(client, table, columns)), table).toBe(keptOf(was));
    }
  });

  it("serves the rows through the API", async () => {
    const org = rows.get("organizations")!;
    const user = rows.get("users")!;
    const cookie = await sessionCookie({ userId: user.id as number, orgId: org.id as number, username: "upgrade-owner" });
    const p = await call(projects.GET, { cookie, path: "/api/projects" });
    expect(p.status).toBe(200);
    expect(JSON.stringify(p.json)).toContain("Upgrade project");
    const c = await call(campaign.GET, { cookie, path: `/api/campaigns/${rows.get("campaigns")!.id}`, params: { id: String(rows.get("campaigns")!.id) } });
    expect(c.status).toBe(200);
    expect(c.json.name ?? c.json.campaign?.name).toBe("Upgrade campaign");
    const d = await call(drafts.GET, { cookie, path: "/api/drafts" });
    expect(d.status).toBe(200);
    expect(JSON.stringify(d.json)).toContain("A draft written before the upgrade");
    const runId = String(rows.get("runs")!.id);
    const r = await call(runEvents.GET, { cookie, path: `/api/runs/${runId}/events`, params: { id: runId } });
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.json)).toContain("run_events");
    const pb = await call(playbooks.GET, { cookie, path: "/api/playbooks" });
    expect(pb.status).toBe(200);
    expect(JSON.stringify(pb.json)).toContain("Upgrade playbook");
  });
});
