// Child process for embedded.int.test.ts: starts the embedded database, writes a row, says READY, then waits
// to be killed.
import pg from "pg";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { log } from "@/lib/log/logger";

const [dataDir, port] = process.argv.slice(2);
const db = await startEmbeddedPostgres({ dataDir, port: Number(port), log });
const c = new pg.Client({ connectionString: db.url });
await c.connect();
await c.query("CREATE TABLE IF NOT EXISTS survival (note text)");
await c.query("INSERT INTO survival VALUES ('written before the crash')");
await c.end();
process.stdout.write(`READY ${process.pid}\n`);
setInterval(() => undefined, 1000);
