// Scheduled backups of the embedded database (docs/deploying.md "Backups"): the hourly database-backup job's body
// with a fake clock. In the operator's hour it takes one real backup into <data dir>/backups; retention deletes the
// schedule's oldest files beyond the count and never a file made by hand; two instances racing for a slot take one
// backup between them; off, another hour or an external DATABASE_URL do nothing. One real backup in all: the other
// cases count the calls of a stand-in that writes a small file. Then the Operator route that sets the schedule.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import type { Logger } from "@/lib/log/logger";
import type { BackupResult } from "@/lib/backup/backup-embedded-database";
import { takeScheduledBackup } from "@/lib/backup/take-scheduled-backup";
import { getBackupSchedule, setBackupSchedule } from "@/lib/backup/backup-schedule";
import { getBackupsOverview } from "@/lib/backup/get-backups-overview";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "@/lib/db/embedded";
import { log as rootLog } from "@/lib/log/logger";
import * as backupsRoute from "@/app/api/operator/backups/route";
import { call } from "./http";
import { createOrg } from "./fixtures";
import { asOperatorUser } from "./org-fixtures";

const log: Logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), child: () => log };

const servers: EmbeddedDatabase[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await db.backupSchedule.deleteMany();
});

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outreach-backup-schedule-"));
  fs.chmodSync(dir, 0o755); // as root the embedded server runs as `postgres`, which must enter it
  dirs.push(dir);
  return dir;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Files already in the backups folder, each with its own content so a deletion cannot go unnoticed. */
function place(dataDir: string, names: string[]): void {
  fs.mkdirSync(path.join(dataDir, "backups"), { recursive: true });
  for (const name of names) fs.writeFileSync(path.join(dataDir, "backups", name), `made before: ${name}`);
}

const inFolder = (dataDir: string) => fs.readdirSync(path.join(dataDir, "backups")).sort();

/** Stands in for the real backup: counts its calls and writes a small archive where it was asked to. */
function fakeBackup(opts: { delayMs?: number; fail?: string } = {}) {
  const calls: string[] = [];
  const backup = async ({ file }: { url: string; dataDir: string; file: string }): Promise<BackupResult> => {
    calls.push(file);
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    if (opts.fail) {
      fs.writeFileSync(`${file}.partial`, "half");
      throw new Error(opts.fail);
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "archive");
    return { file, bytes: 7, startLsn: "0/1", stopLsn: "0/2" };
  };
  return { calls, backup };
}

/** The schedule as an operator sets it, with no slot taken yet. */
async function schedule(s: { enabled: boolean; hourUtc: number; keep: number }) {
  await setBackupSchedule(s);
  await db.backupSchedule.update({ where: { id: 1 }, data: { lastSlotAt: null, lastStatus: null } });
}

describe("the database-backup job", () => {
  beforeEach(async () => {
    await db.backupSchedule.deleteMany();
  });

  it("is off until an operator turns it on, and off does nothing", async () => {
    const dataDir = folder();
    const { calls, backup } = fakeBackup();
    const now = new Date("2026-11-30T03:05:00Z");
    expect(await getBackupSchedule()).toEqual({ enabled: false, hourUtc: 3, keep: 14, last: null });
    expect(await takeScheduledBackup({ now, log, database: { url: "postgresql://unused", dataDir }, backup })).toEqual({ skipped: "off or not the hour" });
    await schedule({ enabled: false, hourUtc: 3, keep: 14 });
    expect(await takeScheduledBackup({ now, log, database: { url: "postgresql://unused", dataDir }, backup })).toEqual({ skipped: "off or not the hour" });
    expect(calls).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, "backups"))).toBe(false);
    expect((await getBackupSchedule()).last).toBeNull();
  });

  it("with an external DATABASE_URL does nothing, even on at its hour", async () => {
    const { calls, backup } = fakeBackup();
    await schedule({ enabled: true, hourUtc: 3, keep: 14 });
    expect(await takeScheduledBackup({ now: new Date("2026-11-30T03:05:00Z"), log, database: null, backup })).toEqual({ skipped: "external database" });
    expect(calls).toEqual([]);
    expect((await getBackupSchedule()).last).toBeNull();
    // What the Operator area is told: nothing of ours to list.
    expect(await getBackupsOverview({ database: null })).toMatchObject({ database: "external", schedule: { enabled: true } });
  });

  it("at its hour takes one real backup into the backups folder; other hours take none", { timeout: 120_000 }, async () => {
    const dataDir = folder();
    const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), log: rootLog });
    servers.push(server);
    await schedule({ enabled: true, hourUtc: 3, keep: 14 });
    const database = { url: server.url, dataDir };

    expect(await takeScheduledBackup({ now: new Date("2026-11-30T02:59:00Z"), log, database })).toEqual({ skipped: "off or not the hour" });
    const made = await takeScheduledBackup({ now: new Date("2026-11-30T03:05:00Z"), log, database });
    const name = "outreach-scheduled-20261130T030000Z.tar.gz";
    expect(made).toMatchObject({ file: path.join(dataDir, "backups", name), removed: [] });
    expect(inFolder(dataDir)).toEqual([name]);
    const bytes = fs.statSync(path.join(dataDir, "backups", name)).size;
    expect(bytes).toBeGreaterThan(100_000);
    expect(fs.statSync(path.join(dataDir, "backups", name)).mode & 0o777).toBe(0o600);
    expect((await getBackupSchedule()).last).toMatchObject({ slotAt: "2026-11-30T03:00:00.000Z", status: "ok", bytes, removed: 0, error: null });

    // Later in the same hour: the slot is taken.
    expect(await takeScheduledBackup({ now: new Date("2026-11-30T03:45:00Z"), log, database })).toEqual({ skipped: "slot already taken" });
    expect(inFolder(dataDir)).toEqual([name]);

    // The Operator area lists it, and the restore command names it.
    const overview = await getBackupsOverview({ database });
    expect(overview).toMatchObject({ database: "embedded", files: [{ name, bytes, scheduled: true }] });
    if (overview.database === "embedded") expect(overview.restore[1]).toBe(`npm run outreach -- restore ${dataDir}/backups/${name}`);
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
  });

  it("keeps the newest scheduled backups up to the count, and never deletes a file made by hand", async () => {
    const dataDir = folder();
    const older = ["20261125", "20261126", "20261127", "20261128", "20261129"].map((d) => `outreach-scheduled-${d}T030000Z.tar.gz`);
    const byHand = ["outreach-20261101T120000Z.tar.gz", "before-the-upgrade.tar.gz", "outreach-scheduled-copy.tar.gz"];
    place(dataDir, [...older, ...byHand]);
    await schedule({ enabled: true, hourUtc: 3, keep: 3 });
    const { calls, backup } = fakeBackup();

    const result = await takeScheduledBackup({ now: new Date("2026-11-30T03:05:00Z"), log, database: { url: "postgresql://unused", dataDir }, backup });
    expect(calls).toHaveLength(1);
    expect(result).toMatchObject({ removed: older.slice(0, 3).reverse() });
    expect(inFolder(dataDir)).toEqual(
      [...byHand, older[3]!, older[4]!, "outreach-scheduled-20261130T030000Z.tar.gz"].sort(),
    );
    for (const name of byHand) expect(fs.readFileSync(path.join(dataDir, "backups", name), "utf8")).toBe(`made before: ${name}`);
    expect((await getBackupSchedule()).last).toMatchObject({ status: "ok", removed: 3 });
  });

  it("two instances racing for the slot take one backup; the next day takes the next", async () => {
    const dataDir = folder();
    await schedule({ enabled: true, hourUtc: 22, keep: 14 });
    const { calls, backup } = fakeBackup({ delayMs: 200 });
    const database = { url: "postgresql://unused", dataDir };

    // Two instances whose clocks differ by a few seconds, in the same slot.
    const results = await Promise.all([
      takeScheduledBackup({ now: new Date("2026-12-01T22:05:00Z"), log, database, backup }),
      takeScheduledBackup({ now: new Date("2026-12-01T22:05:03Z"), log, database, backup }),
    ]);
    expect(calls).toHaveLength(1);
    expect(results.filter((r) => "file" in r)).toHaveLength(1);
    expect(results.filter((r) => "skipped" in r)).toEqual([{ skipped: "slot already taken" }]);

    await takeScheduledBackup({ now: new Date("2026-12-02T22:05:00Z"), log, database, backup });
    expect(calls.map((f) => path.basename(f))).toEqual(["outreach-scheduled-20261201T220000Z.tar.gz", "outreach-scheduled-20261202T220000Z.tar.gz"]);
  });

  it("a failed backup is recorded with its reason, leaves no half-written file, and may be retried in its slot", async () => {
    const dataDir = folder();
    place(dataDir, ["outreach-scheduled-20261129T030000Z.tar.gz"]);
    await schedule({ enabled: true, hourUtc: 3, keep: 1 });
    const database = { url: "postgresql://unused", dataDir };
    const now = new Date("2026-11-30T03:05:00Z");

    const failing = fakeBackup({ fail: "No space left on device" });
    await expect(takeScheduledBackup({ now, log, database, backup: failing.backup })).rejects.toThrow("No space left on device");
    expect((await getBackupSchedule()).last).toMatchObject({ status: "failed", error: "No space left on device", file: null });
    // Nothing deleted after a failure, and no partial archive left behind.
    expect(inFolder(dataDir)).toEqual(["outreach-scheduled-20261129T030000Z.tar.gz"]);

    // The engine's retry, in the same slot, goes through.
    const working = fakeBackup();
    expect(await takeScheduledBackup({ now: new Date("2026-11-30T03:07:00Z"), log, database, backup: working.backup })).toMatchObject({
      removed: ["outreach-scheduled-20261129T030000Z.tar.gz"],
    });
    expect(inFolder(dataDir)).toEqual(["outreach-scheduled-20261130T030000Z.tar.gz"]);
    expect((await getBackupSchedule()).last).toMatchObject({ status: "ok", error: null });
  });
});

describe("PUT and GET /api/operator/backups", () => {
  beforeEach(async () => {
    await db.backupSchedule.deleteMany();
  });

  it("an operator sets the schedule and reads it back", async () => {
    const op = await createOrg();
    await asOperatorUser(op, async () => {
      const put = await call(backupsRoute.PUT, { method: "PUT", cookie: op.cookie, body: { enabled: true, hourUtc: 4, keep: 30 } });
      expect(put.status, JSON.stringify(put.json)).toBe(200);
      expect(put.json).toEqual({ enabled: true, hourUtc: 4, keep: 30, last: null });
      const get = await call(backupsRoute.GET, { cookie: op.cookie });
      expect(get.status).toBe(200);
      // The test process runs on an external DATABASE_URL.
      expect(get.json).toEqual({ database: "external", schedule: { enabled: true, hourUtc: 4, keep: 30, last: null } });
    });
    expect(await db.backupSchedule.findMany({ select: { enabled: true, hourUtc: true, keep: true } })).toEqual([{ enabled: true, hourUtc: 4, keep: 30 }]);
  });

  it("refuses bad input with a 400 and writes nothing", async () => {
    const op = await createOrg();
    await schedule({ enabled: false, hourUtc: 3, keep: 14 });
    const before = await db.backupSchedule.findMany();
    await asOperatorUser(op, async () => {
      for (const body of [
        {},
        { enabled: true, hourUtc: 24, keep: 14 },
        { enabled: true, hourUtc: -1, keep: 14 },
        { enabled: true, hourUtc: 2.5, keep: 14 },
        { enabled: true, hourUtc: 3, keep: 0 },
        { enabled: true, hourUtc: 3, keep: 91 },
        { enabled: "yes", hourUtc: 3, keep: 14 },
        { enabled: true, hourUtc: "3", keep: 14 },
        { enabled: true, hourUtc: 3, keep: 14, folder: "/etc" },
      ]) {
        const res = await call(backupsRoute.PUT, { method: "PUT", cookie: op.cookie, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json).toMatchObject({ error: "bad_request", message: expect.any(String) });
      }
      const notJson = await call(backupsRoute.PUT, { method: "PUT", cookie: op.cookie, rawBody: "{", headers: { "content-type": "application/json" } });
      expect(notJson.status).toBe(400);
    });
    expect(await db.backupSchedule.findMany()).toEqual(before);
  });

  it("is a missing route to anyone who is not the operator, whatever they send", async () => {
    const owner = await createOrg();
    const before = await db.backupSchedule.findMany();
    for (const body of [{ enabled: true, hourUtc: 3, keep: 14 }, { enabled: "nonsense" }]) {
      const res = await call(backupsRoute.PUT, { method: "PUT", cookie: owner.cookie, body });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: "not_found", message: "Route not found" });
    }
    expect((await call(backupsRoute.GET, { cookie: owner.cookie })).status).toBe(404);
    expect((await call(backupsRoute.GET, {})).status).toBe(401);
    expect(await db.backupSchedule.findMany()).toEqual(before);
  });
});
