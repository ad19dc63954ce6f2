// bench/export: 1,000,000 drafts exported as CSV over HTTP from `next start` (built first when there is no build),
// against `COPY (the same rows) TO STDOUT WITH CSV` read by a client in this process. Prints rows per second, MB per
// second and the ratio (for a download with gzip accepted and one without), and the server's resident memory before and at its peak during the download (sampled from
// /proc every 50 ms). The goals: RSS grows by at most 100 MB, throughput at least half of COPY's.
//
//   npm run bench:export                 (DATABASE_URL's server, or an embedded PostgreSQL when unset)
//   BENCH_EXPORT_ROWS=2000000 npm run bench:export
import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { printTable, startNext } from "./support";

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function main() {
  const { createFreshDatabase, stopEmbeddedTestServer } = await import("../test/int/fresh-database");
  const fresh = await createFreshDatabase("benchexport");
  const c = new pg.Client({ connectionString: fresh.url });
  await c.connect();
  let server: Awaited<ReturnType<typeof startNext>> | undefined;
  try {
    const t0 = performance.now();
    await c.query(`INSERT INTO organizations (name, slug) VALUES ('Default organization', 'default')`);
    const orgId = (await c.query<{ id: number }>(`SELECT id FROM organizations`)).rows[0]!.id;
    await c.query(`INSERT INTO projects (organization_id, name, updated_at) VALUES ($1, 'Project', now())`, [orgId]);
    // Bodies of realistic length with commas, quotes and line breaks, some starting with "=" (neutralised).
    await c.query(
      `INSERT INTO drafts (organization_id, project_id, state, kind, platform, account_handle, target_user, target_community, body, updated_at, created_at)
       SELECT $1, p.id, 'pending_review', 'dm', 'forum', 'acct', 'person_' || g, 'selfhosted',
              CASE WHEN g % 50 = 0 THEN '=' ELSE '' END || 'Hi person ' || g || ', I read your post about "cold caches", and thought of you.' || E'\\n' || 'Our tool keeps CI caches warm between runs; happy to share numbers.',
              now(), now() - (g || ' seconds')::interval
         FROM projects p, generate_series(1, $2::int) g`,
      [orgId, ROWS],
    );
    await c.query(`ANALYZE drafts`);
    console.log(`seeded ${ROWS.toLocaleString("en")} drafts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    server = await startNext(fresh.url);
    const pid = server.child.pid!;
    const results: string[][] = [];
    // The download as a browser makes it (gzip accepted: compressed by the server, inflated by this process) and as
    // a client that asks for the plain bytes (`Accept-Encoding: identity`, what curl does by default).
    const download = async (encoding: string) => {
      const start = performance.now();
      const res = await fetch(`${server!.base}/api/export/drafts?format=csv`, { headers: { "accept-encoding": encoding } });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        // Counted natively: a byte loop in JS would take the CPU the server needs (they share two cores).
        const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) lines += 1;
      }
      return { s: (performance.now() - start) / 1000, bytes, lines, encoding: res.headers.get("content-encoding") ?? "identity" };
    };
    const copy = async () => {
      const copyStart = performance.now();
      const stream = c.query(copyTo(`COPY (SELECT id, created_at, state, platform, account_handle, target_user, target_community, campaign_id, run_id, body
        FROM drafts WHERE organization_id = ${orgId} ORDER BY id) TO STDOUT WITH CSV HEADER`));
      let copyBytes = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) copyBytes += chunk.length;
      return { s: (performance.now() - copyStart) / 1000, bytes: copyBytes };
    };
    const load = () => os.loadavg()[0]!.toFixed(2);
    console.log(`machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, load average ${load()} before the runs`);
    for (let run = 0; run < RUNS; run++) {
      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
      const gz = await download("gzip, deflate, br");
      const plain = await download("identity");
      clearInterval(sampler);
      const cp = await copy();
      if (gz.lines !== plain.lines) throw new Error(`gzip and identity downloads differ: ${gz.lines} vs ${plain.lines} lines`);
      results.push([
        `run ${run + 1}`,
        `${(ROWS / gz.s / 1000).toFixed(0)}k rows/s (${gz.encoding})`,
        `${(ROWS / plain.s / 1000).toFixed(0)}k rows/s (${(plain.bytes / 1e6 / plain.s).toFixed(0)} MB/s)`,
        `${(ROWS / cp.s / 1000).toFixed(0)}k rows/s (${(cp.bytes / 1e6 / cp.s).toFixed(0)} MB/s)`,
        `${(cp.s / gz.s).toFixed(2)}`,
        `${(cp.s / plain.s).toFixed(2)}`,
        `${before.toFixed(0)} MB`,
        `+${(peak - before).toFixed(0)} MB`,
        String(plain.lines),
        load(),
      ]);
    }
    console.log(`\nGET /api/export/drafts?format=csv vs COPY TO STDOUT WITH CSV, ${ROWS.toLocaleString("en")} rows, ${RUNS} runs\n`);
    printTable(["", "HTTP, Accept-Encoding: gzip", "HTTP, identity", "COPY", "ratio (gzip asked)", "ratio (identity)", "server RSS before", "RSS peak growth", "lines", "load"], results);
  } finally {
    await server?.stop();
    await c.end();
    await fresh.drop();
    await stopEmbeddedTestServer();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
