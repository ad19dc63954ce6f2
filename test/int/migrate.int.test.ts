// The project's migration runner: idempotent, recorded like Prisma records them, safe when instances race.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { runMigrations } from "@/lib/db/migrate";
import { createFreshDatabase, type FreshDatabase } from "./fresh-database";

let fresh: FreshDatabase;
beforeAll(async () => {
  fresh = await createFreshDatabase("migrate"); // already migrated once by createFreshDatabase
});
afterAll(() => fresh.drop());

describe("migration runner", () => {
  it("records each migration in _prisma_migrations with a checksum and skips it the next time", async () => {
    const again = await runMigrations({ url: fresh.url });
    expect(again.applied).toEqual([]);
    expect(again.skipped.length).toBeGreaterThan(0);
    const c = new pg.Client({ connectionString: fresh.url });
    await c.connect();
    const rows = await c.query(`SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations"`);
    await c.end();
    expect(rows.rows.length).toBe(again.skipped.length);
    for (const r of rows.rows) {
      expect(r.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(r.finished_at).not.toBeNull();
    }
  });

  it("lets several instances boot at once without applying anything twice", async () => {
    const other = await createFreshDatabase("race");
    try {
      const results = await Promise.all([1, 2, 3].map(() => runMigrations({ url: other.url })));
      // createFreshDatabase applied everything already; the racers all find it in place and none fails.
      for (const r of results) expect(r.applied).toEqual([]);
    } finally {
      await other.drop();
    }
  });

  it("creates every table of the data model with organization_id on tenant tables", async () => {
    const c = new pg.Client({ connectionString: fresh.url });
    await c.connect();
    const tables = await c.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
    const withOrg = await c.query(`SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'organization_id'`);
    await c.end();
    const names = tables.rows.map((r) => r.table_name);
    const tenant = new Set(withOrg.rows.map((r) => r.table_name));
    for (const t of [
      "drafts", "draft_events", "runs", "run_events", "campaigns", "projects", "accounts", "contact_history",
      "conversation_threads", "conversation_messages", "templates", "project_insights", "playbooks", "blocklist_entries",
      "extension_devices", "pairing_codes", "notifications", "webhook_endpoints", "webhook_deliveries", "app_config",
      "draft_regeneration_hints", "staging_candidates",
    ]) {
      expect(names).toContain(t);
      expect(tenant.has(t), `${t} has organization_id`).toBe(true);
    }
  });
});
