// Stopping an instance (SIGTERM: a restart, a deploy) as an operator meets it, on app instances of their own (fresh
// database, sign-in on) mailing through a real SMTP server started here:
// - a mail being sent at that moment still arrives: `next start` waits for it before it exits (the mail server here is
//   slow to greet, so the send is still under way when the signal comes);
// - an open live stream does not hold the instance up, nor does a connection that carries no request: the stream ends
//   (the browser's EventSource reconnects), the connection is closed, and the process exits in seconds, well before
//   the shutdown deadline.
import http from "node:http";
import net from "node:net";
import { expect, test } from "./fixtures/hydration";
import { E2E_PORT } from "../playwright.config";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "../test/int/fresh-database";
import { startApp, type AppInstance } from "./server";
import { mailingAppEnv, startE2eMailSink, type E2eMailSink } from "./fixtures/mail-sink";
import { SHUTDOWN_DEADLINE_MS } from "../lib/boot/graceful-shutdown";

const PORT = E2E_PORT + 61;
const GREETING_DELAY_MS = 3000;

const databases: FreshDatabase[] = [];
let sink: E2eMailSink;
let app: AppInstance | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  sink = await startE2eMailSink({ greetingDelayMs: GREETING_DELAY_MS });
});

test.afterAll(async () => {
  await app?.stop();
  await sink.close();
  for (const database of databases) await database.drop();
  await stopEmbeddedTestServer();
});

/** An instance on a database of its own, so each test stands alone. */
async function start(): Promise<AppInstance> {
  const database = await createFreshDatabase("gracefulstop");
  databases.push(database);
  app = await startApp({ port: PORT, logName: "graceful-stop", env: mailingAppEnv({ databaseUrl: database.url, sink, port: PORT }) });
  return app;
}

const post = (instance: AppInstance, path: string, data: unknown, cookie = "") =>
  fetch(`${instance.base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: instance.base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(data),
  });

/** Stops the instance with SIGTERM and returns how long it took to exit. */
async function stopTimed(instance: AppInstance): Promise<number> {
  const signalledAt = Date.now();
  await instance.stop();
  app = undefined;
  return Date.now() - signalledAt;
}

test("a password reset mail under way when the server gets SIGTERM is delivered before it exits", async () => {
  test.setTimeout(90_000);
  const instance = await start();
  const email = "ines.vale@harbor.example";
  const signUp = await post(instance, "/api/auth/signup", { organizationName: "Harbor Studio", email, username: "ines", password: "first-password-123" });
  expect(signUp.status).toBe(201);
  // The verification mail of the sign-up arrives first (after the slow greeting), so only the reset is in flight below.
  await expect.poll(() => sink.received.length, { timeout: GREETING_DELAY_MS + 10_000 }).toBe(1);

  const reset = await post(instance, "/api/auth/password-reset", { email });
  expect(reset.status).toBe(202);
  const stopTook = await stopTimed(instance);

  // The process has exited; the reset link was accepted by the mail server before it did.
  expect(sink.received.map((m) => m.to)).toEqual([email, email]);
  expect(sink.received[1]!.text).toMatch(/\/reset-password\/[A-Za-z0-9_-]+/);
  // It waited for the mail, not for a fixed grace period: about the greeting's delay.
  expect(stopTook).toBeGreaterThan(GREETING_DELAY_MS - 1000);
  expect(stopTook).toBeLessThan(SHUTDOWN_DEADLINE_MS);
});

test("an open live stream ends on SIGTERM and the server exits in seconds", async () => {
  test.setTimeout(90_000);
  const instance = await start();
  const signUp = await post(instance, "/api/auth/signup", { organizationName: "Quay Works", username: "odile", password: "first-password-123" });
  expect(signUp.status).toBe(201);
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

  // The stream as a browser holds it: a kept-alive connection, read as it comes.
  const agent = new http.Agent({ keepAlive: true });
  const frames: string[] = [];
  const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(`${instance.base}/api/stream`, { agent, headers: { cookie, accept: "text/event-stream" } }, resolve).on("error", reject);
  });
  expect(stream.statusCode).toBe(200);
  const ended = new Promise<"end" | "close">((resolve) => {
    stream.on("end", () => resolve("end"));
    stream.on("close", () => resolve("close"));
  });
  stream.on("data", (chunk: Buffer) => frames.push(chunk.toString()));
  await expect.poll(() => frames.join("").includes("event: hello"), { timeout: 10_000 }).toBe(true);
  // And a connection that carries no request yet, as a browser opens ahead of need.
  const spare = net.connect(PORT, "127.0.0.1");
  await new Promise((resolve) => spare.once("connect", resolve));
  spare.on("error", () => undefined);

  const stopTook = await stopTimed(instance);
  // The stream was ended by the server, cleanly (not cut by the process dying), and nothing else held the exit up.
  expect(await ended).toBe("end");
  expect(stopTook).toBeLessThan(5000);
  agent.destroy();
  spare.destroy();
});

test("on SIGTERM readiness answers 503 'draining' while the instance still serves, then it stops", async () => {
  test.setTimeout(90_000);
  const DRAIN_MS = 3000;
  const database = await createFreshDatabase("gracefulstop");
  databases.push(database);
  // The job engine runs here, so every check of readiness has something to look at.
  const instance = (app = await startApp({
    port: PORT,
    logName: "graceful-stop-drain",
    env: { ...mailingAppEnv({ databaseUrl: database.url, sink, port: PORT }), OUTREACH_JOBS: "on", OUTREACH_DRAIN_DELAY_MS: String(DRAIN_MS) },
  }));
  const live = await fetch(`${instance.base}/api/health/live`);
  expect(live.status).toBe(200);
  await expect.poll(async () => (await fetch(`${instance.base}/api/health/ready`)).status, { timeout: 10_000 }).toBe(200);
  expect(await (await fetch(`${instance.base}/api/health/ready`)).json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", jobs: "ok", draining: "ok" } });

  const exited = new Promise<number>((resolve) => {
    const poll = setInterval(() => {
      try {
        process.kill(instance.pid, 0);
      } catch {
        clearInterval(poll);
        resolve(Date.now());
      }
    }, 50);
  });
  const signalledAt = Date.now();
  process.kill(instance.pid, "SIGTERM");
  // The balancer's view: 503 naming the check, while the port still answers and pages are still served.
  // (Polled: the signal reaches the server's handler a moment after kill() returns.)
  await expect.poll(async () => (await (await fetch(`${instance.base}/api/health/ready`)).json()).failing ?? [], { timeout: 2000 }).toContain("draining");
  const draining = await fetch(`${instance.base}/api/health/ready`);
  expect(draining.status).toBe(503);
  expect((await draining.json()).error).toBe("not_ready");
  const page = await fetch(`${instance.base}/login`);
  expect(page.status).toBe(200);
  const exitedAt = await exited;
  app = undefined;
  expect(exitedAt - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS);
  expect(exitedAt - signalledAt).toBeLessThan(DRAIN_MS + 10_000);
  await instance.stop();
});
