// Runs in every integration worker before a test file is imported: point the app at this run's database and
// turn multi-tenant sign-in on (the mode where tenancy matters).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";

// Each worker (VITEST_POOL_ID, from 1) has a database of its own; the files one worker runs share it, in turn.
const databaseUrls = inject("databaseUrls");
process.env.DATABASE_URL = databaseUrls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % databaseUrls.length];
process.env.OUTREACH_AUTH = "on";
process.env.AUTH_SECRET ??= "integration-tests-secret-0123456789abcdef";
process.env.LOG_LEVEL = "silent";
// The webhook tests deliver to a receiver on loopback; the SSRF guard's refusal is proven with it passed as false.
process.env.OUTREACH_WEBHOOK_ALLOW_PRIVATE = "1";
process.env.OUTREACH_CREDENTIALS_KEYS = "test1:" + Buffer.alloc(32, 7).toString("base64");
// Files the app keeps under its data directory (uploaded and cloned project sources, the demo's) go to a folder of
// this test file, never the checkout's .data, whose organization folders a developer's own install may hold.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outreach-int-data-"));
process.env.OUTREACH_DATA_DIR = dataDir;

// Close this file's pool when it is done, so no worker is left holding connections.
afterAll(async () => {
  const { closeDb } = await import("@/lib/db/client");
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
