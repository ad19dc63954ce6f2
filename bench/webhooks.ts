// bench/webhooks: webhook deliveries per second to a loopback receiver with two worker processes (two app instances'
// worth, on one database), and the time from a notification's commit to its receipt. The receiver answers 200 at once;
// signing, SKIP LOCKED claims, the SSRF-guarded HTTP call and the attempt log are all real.
//
//   npm run bench:webhooks              (DATABASE_URL's server, or an embedded PostgreSQL when unset)
//   BENCH_BURST=10000 BENCH_RATE=300 npm run bench:webhooks
//
// Two scenarios: a burst of BENCH_BURST notifications committed as fast as possible (throughput), and a steady
// BENCH_RATE per second for BENCH_SECONDS (latency at a load the workers keep up with).
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pct, printTable } from "./support";

const BURST = Number(process.env.BENCH_BURST ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
Object.assign(process.env, { LOG_LEVEL: "silent", OUTREACH_WEBHOOK_ALLOW_PRIVATE: "1" });

async function main() {
  const { createFreshDatabase, stopEmbeddedTestServer } = await import("../test/int/fresh-database");
  const fresh = await createFreshDatabase("benchwebhooks");
  process.env.DATABASE_URL = fresh.url;
  const { db, closeDb } = await import("../lib/db/client");
  const { createNotification } = await import("../lib/notifications/create-notification");
  const { createEndpoint } = await import("../lib/webhooks/create-endpoint");

  const received = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received.set(String(req.headers["webhook-id"]), performance.now());
      res.writeHead(200).end();
    });
  });
  receiver.keepAliveTimeout = 1000;
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const workers: ChildProcess[] = [];
  try {
    const org = await db.organization.create({ data: { name: "Bench", slug: "bench" } });
    await createEndpoint({ orgId: org.id, input: { url } });
    for (let i = 0; i < 2; i++) {
      const child = spawn(process.execPath, ["--import", "tsx", "bench/webhook-worker.ts"], { env: process.env, stdio: ["pipe", "pipe", "inherit"] });
      await new Promise<void>((r) => child.stdout!.once("data", () => r()));
      workers.push(child);
    }
    const committedAt = new Map<string, number>();
    const notify = async () => {
      const { id } = await db.$transaction((tx) => createNotification(tx, { orgId: org.id, kind: "run.success", title: "Run succeeded", data: { runId: 1 } }));
      committedAt.set(`msg_ntf_${id}`, performance.now());
    };
    const waitAll = async (ids: string[], timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (ids.some((id) => !received.has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    };
    const rows: string[][] = [];
    const report = (name: string, ids: string[], startedAt: number, latency: boolean) => {
      const got = ids.filter((id) => received.has(id));
      const lat = got.map((id) => received.get(id)! - committedAt.get(id)!);
      const span = (Math.max(...got.map((id) => received.get(id)!)) - startedAt) / 1000;
      rows.push([name, `${got.length}/${ids.length}`, `${(got.length / span).toFixed(0)}/s`, ...(latency ? [ms(pct(lat, 50)), ms(pct(lat, 99)), ms(Math.max(...lat))] : ["-", "-", "-"])]);
    };

    // Backlog: BURST notifications (one pending delivery each) committed before any worker runs, then drained.
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next++ < BURST) await notify();
    }));
    const backlogIds = [...committedAt.keys()];
    const drainStart = performance.now();
    for (const w of workers) w.stdin!.write("go\n");
    await waitAll(backlogIds, 120_000);
    report(`drain a backlog of ${BURST}`, backlogIds, drainStart, false);

    // Steady rate.
    committedAt.clear();
    const steadyStart = performance.now();
    for (let s = 0; s < SECONDS; s++) {
      const tickStart = performance.now();
      await Promise.all(Array.from({ length: RATE }, (_, i) => new Promise<void>((r) => setTimeout(() => void notify().then(r), (i * 1000) / RATE))));
      const spent = performance.now() - tickStart;
      if (spent < 1000) await new Promise((r) => setTimeout(r, 1000 - spent));
    }
    const steadyIds = [...committedAt.keys()];
    await waitAll(steadyIds, 60_000);
    report(`${RATE}/s for ${SECONDS} s`, steadyIds, steadyStart, true);

    const attempts = await db.webhookAttempt.count();
    const delivered = await db.webhookDelivery.count({ where: { status: "delivered" } });
    console.log(`\n2 worker processes, loopback receiver; ${delivered} delivered, ${attempts} attempts logged\n`);
    printTable(["scenario", "received", "deliveries", "commit→receipt p50", "p99", "max"], rows);
  } finally {
    for (const w of workers) w.kill("SIGKILL");
    receiver.close();
    await closeDb();
    await fresh.drop();
    await stopEmbeddedTestServer();
  }
}

const ms = (v: number) => `${v.toFixed(0)} ms`;

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
