// The cloud runner end to end: a real relay process (runner-relay/main.ts) runs the scripted agent as its claude-code
// backend, and this process is the dashboard's tool host, answering the agent's MCP frames (through /api/mcp, served
// over real HTTP as Next serves it) over the relay's socket.
// Each fault the design names ends the way it says, with nothing left `running` and no agent left behind.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { db } from "@/lib/db/client";
import { subscribe } from "@/lib/events/bus";
import type { StreamEvent } from "@/lib/events/types";
import { redetectCloudRunner } from "@/lib/runners/detect-runners";
import { probeCloudRunner } from "@/lib/runners/cloud/probe-cloud-runner";
import { cloudSettings } from "@/lib/runners/cloud/cloud-settings";
import { dispatchRun } from "@/lib/runners/dispatch-run";
import { startCampaignRun } from "@/lib/runs/start-campaign-run";
import { cancelRun } from "@/lib/runs/cancel-run";
import { generateCloudKeyPair, privateKeyFrom, signCloudToken } from "@/lib/relay-protocol/token";
import { createOrg, uid, type OrgFixture } from "./fixtures";
import { runningRun, scriptedCampaign, scriptPlaybook, serveToolServer } from "./agent-harness";
import { agentShims, alive, RELAY_MODEL, startProxy, startRelayProcess, type Proxy, type RelayProcess } from "./relay-harness";

const GRACE_MS = 4_000;

let A: OrgFixture;
let mcp: { url: string; close: () => Promise<void> };
let relay: RelayProcess;
let relayEnv: Record<string, string>;
let keys: { privateKey: string; publicKey: string };
let revokedList: http.Server;
const REVOKED_JTI = `revoked-${uid()}`;
let token: string;

function issue(opts: { ttlSeconds?: number; now?: Date; jti?: string; key?: string } = {}): string {
  return signCloudToken({ org: 41, ttlSeconds: opts.ttlSeconds ?? 3600, now: opts.now, jti: opts.jti }, privateKeyFrom(opts.key ?? keys.privateKey)).token;
}

/** Points this dashboard at a relay (as OUTREACH_CLOUD_RELAY_URL / OUTREACH_CLOUD_TOKEN would) and re-detects. */
async function useCloud(url: string, cloudToken: string) {
  process.env.OUTREACH_CLOUD_RELAY_URL = url;
  process.env.OUTREACH_CLOUD_TOKEN = cloudToken;
  return (await redetectCloudRunner()).find((r) => r.slug === "cloud")!;
}

/**
 * What a self-hosted install's detection reads from the relay with this token. The metered suite below runs this
 * process as the cloud edition too (for its token routes), whose detection words the reasons for customers instead.
 */
async function probeAsInstall(url: string, cloudToken: string) {
  process.env.OUTREACH_CLOUD_RELAY_URL = url;
  process.env.OUTREACH_CLOUD_TOKEN = cloudToken;
  return probeCloudRunner(cloudSettings());
}

const events = (runId: number) => db.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
const phases = async (runId: number) => (await events(runId)).filter((e) => e.type === "lifecycle").map((e) => (e.payload as { phase: string }).phase);

async function agentPid(runId: number): Promise<number> {
  await expect.poll(async () => (await phases(runId)).includes("spawned"), { timeout: 15_000 }).toBe(true);
  const spawned = (await events(runId)).find((e) => e.type === "lifecycle" && (e.payload as { phase: string }).phase === "spawned")!;
  return (spawned.payload as { pid: number }).pid;
}

/** Waits until the agent's first tool call has its answer (the run is well under way on the relay). */
async function firstToolAnswered(runId: number) {
  await expect
    .poll(async () => (await events(runId)).some((e) => e.type === "tool_call_update" && (e.payload as { status?: string }).status === "completed"), { timeout: 15_000 })
    .toBe(true);
}

const SLEEPY = { steps: [{ tool: "run_start" }, { sleep: 20_000 }, { tool: "run_finish", args: { summary: "never reached" } }] };

beforeAll(async () => {
  keys = generateCloudKeyPair();
  revokedList = http.createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify([REVOKED_JTI])));
  await new Promise<void>((resolve) => revokedList.listen(0, "127.0.0.1", resolve));
  relayEnv = {
    RELAY_BACKEND: "claude-code",
    RELAY_MODEL,
    RELAY_TOKEN_PUBLIC_KEY: keys.publicKey,
    RELAY_RESUME_GRACE_MS: String(GRACE_MS),
    RELAY_REVOKED_URL: `http://127.0.0.1:${(revokedList.address() as AddressInfo).port}/revoked`,
    PATH: `${agentShims()}:${process.env.PATH}`,
  };
  relay = await startRelayProcess({ env: relayEnv });
  process.env.OUTREACH_CLOUD_RESUME_WINDOW_MS = String(GRACE_MS);
  token = issue();
  mcp = await serveToolServer();
  A = await createOrg();
});

afterAll(async () => {
  await relay?.stop();
  await mcp?.close();
  await new Promise<void>((resolve) => revokedList?.close(() => resolve()));
  delete process.env.OUTREACH_CLOUD_RELAY_URL;
  delete process.env.OUTREACH_CLOUD_TOKEN;
  await redetectCloudRunner();
});

describe("a campaign run on the cloud runner", () => {
  it("is available once the relay answers, drafts through the tools, streams its log and ends success with usage", async () => {
    const cloud = await useCloud(relay.url, token);
    expect(cloud).toMatchObject({ available: true, reason: null, version: `relay 1.0.0, claude-code (${RELAY_MODEL})` });

    const { campaign, account } = await scriptedCampaign(
      A.orgId,
      {
        steps: [
          { say: "Reading the campaign before drafting anything" },
          { tool: "run_start" },
          { tool: "drafts_create", args: { entries: [{ accountId: "$account", kind: "dm", targetUser: "alice_dev", body: "Hi Alice, your post on flaky CI matched what we see.", qualityScore: 74 }] } },
          { usage: { inputTokens: 120_000, outputTokens: 8_000, cacheReadTokens: 400_000, cacheCreationTokens: 20_000 } },
          { tool: "run_finish", args: { summary: "One person drafted" } },
        ],
      },
      "cloud",
    );
    const seen: StreamEvent[] = [];
    const off = await subscribe(A.orgId, (e) => seen.push(e));
    try {
      const started = await startCampaignRun({ orgId: A.orgId, campaignId: campaign.id, toolServerUrl: mcp.url, timeoutMs: 30_000 });
      expect(await started.done).toEqual({ status: "success", failureReason: null });
      const run = await db.run.findUniqueOrThrow({ where: { id: started.runId } });
      // The relay chose the model and priced the tokens with its table (0.36 + 0.12 + 0.12 + 0.075).
      expect(run).toMatchObject({ status: "success", runner: "cloud", model: RELAY_MODEL, stopReason: "end_turn", exitCode: 0 });
      expect(run.params).toMatchObject({ summary: "One person drafted" });
      expect([run.inputTokens, run.outputTokens, run.cacheReadTokens, run.cacheCreationTokens]).toEqual([120_000, 8_000, 400_000, 20_000]);
      expect(Number(run.costUsd)).toBeCloseTo(0.675, 6);

      const drafts = await db.draft.findMany({ where: { runId: run.id } });
      expect(drafts.map((d) => [d.targetUser, d.state, d.accountId, d.organizationId])).toEqual([["alice_dev", "pending_review", account.id, A.orgId]]);

      const log = await events(run.id);
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
      const order = log.filter((e) => e.type === "lifecycle").map((e) => (e.payload as { phase: string }).phase);
      expect(order.slice(0, 6)).toEqual(["starting", "relay_connected", "spawned", "initialized", "session_created", "prompt_sent"]);
      expect(order.at(-1)).toBe("finished");
      // The relay told its agent the model through the session's _meta, as a local claude-code run would.
      const thought = log.find((e) => e.type === "thought")!.payload as { text: string };
      // The relay is strict with the playbooks it runs, so it also asks claude-code to drop its built-in tools.
      expect(JSON.parse(thought.text.replace(/^meta: /, ""))).toEqual({ model: RELAY_MODEL, tools: [] });
      expect(log.filter((e) => e.type === "tool_call").map((e) => (e.payload as { title: string }).title)).toEqual([
        "mcp__outreach__run_start",
        "mcp__outreach__drafts_create",
        "mcp__outreach__run_finish",
      ]);
      expect(log.filter((e) => e.type === "message_chunk").map((e) => (e.payload as { text: string }).text).join("")).toContain("Reading the campaign");

      // The log streamed to the organization while the run went.
      const streamed = seen.flatMap((e) => (e.type === "run:log" && e.data.runId === run.id ? [e.data.seq] : []));
      expect(streamed.length).toBeGreaterThan(5);
      expect(seen.some((e) => e.type === "run:finished" && e.data.runId === run.id)).toBe(true);
      expect(alive((log.find((e) => (e.payload as { phase?: string }).phase === "spawned")!.payload as { pid: number }).pid)).toBe(false);
    } finally {
      await off();
    }
  });

  it("Cancel reaches the relay: the run is cancelled and the relay's agent is stopped", async () => {
    await useCloud(relay.url, token);
    const { campaign } = await scriptedCampaign(A.orgId, SLEEPY, "cloud");
    const started = await startCampaignRun({ orgId: A.orgId, campaignId: campaign.id, toolServerUrl: mcp.url, timeoutMs: 30_000 });
    const pid = await agentPid(started.runId);
    await firstToolAnswered(started.runId);
    await cancelRun({ orgId: A.orgId, runId: started.runId, by: "test" });
    expect(await started.done).toEqual({ status: "failed", failureReason: "cancelled" });
    // The script sleeps 20 s: an agent gone within 5 s was stopped by the cancel.
    await expect.poll(() => alive(pid), { timeout: 5_000 }).toBe(false);
  });
});

describe("tokens", () => {
  async function dispatchOnCloud() {
    const { campaign } = await scriptedCampaign(A.orgId, SLEEPY, "cloud");
    const { run, token: runToken } = await runningRun(A.orgId, { kind: "campaign", runner: "cloud", campaignId: campaign.id, projectId: campaign.projectId, script: SLEEPY });
    const outcome = await dispatchRun({ orgId: A.orgId, runId: run.id, token: runToken, toolServerUrl: mcp.url, timeoutMs: 30_000 });
    return { outcome, run: await db.run.findUniqueOrThrow({ where: { id: run.id } }) };
  }

  it("a token signed by another key: detection says why, and a run fails auth_expired without starting an agent", async () => {
    const stranger = generateCloudKeyPair();
    const cloud = await useCloud(relay.url, issue({ key: stranger.privateKey }));
    expect(cloud.available).toBe(false);
    expect(cloud.reason).toBe("The cloud runner relay refused this installation's token: The cloud runner token is not valid");
    const { outcome, run } = await dispatchOnCloud();
    expect(outcome).toEqual({ status: "failed", failureReason: "auth_expired" });
    expect(run.error).toBe("The cloud runner token is not valid");
    expect(await phases(run.id)).not.toContain("spawned");
  });

  it("an expired token and a revoked one fail the run auth_expired with the relay's reason", async () => {
    await useCloud(relay.url, issue({ now: new Date(Date.now() - 7200_000), ttlSeconds: 3600 }));
    const expired = await dispatchOnCloud();
    expect(expired.outcome).toEqual({ status: "failed", failureReason: "auth_expired" });
    expect(expired.run.error).toBe("The cloud runner token has expired");

    const cloud = await useCloud(relay.url, issue({ jti: REVOKED_JTI }));
    expect(cloud.reason).toBe("The cloud runner relay refused this installation's token: The cloud runner token was revoked");
    const revoked = await dispatchOnCloud();
    expect(revoked.outcome).toEqual({ status: "failed", failureReason: "auth_expired" });
    expect(revoked.run.error).toBe("The cloud runner token was revoked");
  });

  it("a relay that cannot be reached makes the runner unavailable, with the address in the reason", async () => {
    const cloud = await useCloud("ws://127.0.0.1:9", token);
    expect(cloud.available).toBe(false);
    expect(cloud.reason).toBe("Cannot reach the cloud runner relay at 127.0.0.1:9 (ECONNREFUSED)");
  });
});

describe("faults", () => {
  let proxy: Proxy;
  beforeAll(async () => {
    proxy = await startProxy(relay.port);
  });
  afterAll(async () => proxy?.close());

  it("a dropped connection is resumed: the run goes on with the same agent and ends success", async () => {
    await useCloud(proxy.url, token);
    const { campaign } = await scriptedCampaign(
      A.orgId,
      {
        steps: [
          { tool: "run_start" },
          { sleep: 2_500 },
          { say: "Back after the pause" },
          { tool: "drafts_create", args: { entries: [{ accountId: "$account", kind: "dm", targetUser: "resumed_user", body: "Hello after a network blip", qualityScore: 60 }] } },
          { tool: "run_finish", args: { summary: "resumed" } },
        ],
      },
      "cloud",
    );
    const started = await startCampaignRun({ orgId: A.orgId, campaignId: campaign.id, toolServerUrl: mcp.url, timeoutMs: 30_000 });
    await firstToolAnswered(started.runId);
    proxy.drop();
    expect(await started.done).toEqual({ status: "success", failureReason: null });
    const order = await phases(started.runId);
    expect(order).toEqual(expect.arrayContaining(["reconnecting", "resumed"]));
    expect(order.filter((p) => p === "spawned")).toHaveLength(1);
    expect(await db.draft.count({ where: { runId: started.runId, targetUser: "resumed_user" } })).toBe(1);
    const log = await events(started.runId);
    expect(log.filter((e) => e.type === "message_chunk").map((e) => (e.payload as { text: string }).text).join("")).toContain("Back after the pause");
  });

  it("a connection that does not come back fails the run network, and the relay stops the agent after its grace period", async () => {
    await useCloud(proxy.url, token);
    const { campaign } = await scriptedCampaign(A.orgId, SLEEPY, "cloud");
    const started = await startCampaignRun({ orgId: A.orgId, campaignId: campaign.id, toolServerUrl: mcp.url, timeoutMs: 30_000 });
    const pid = await agentPid(started.runId);
    await firstToolAnswered(started.runId);
    proxy.drop();
    await proxy.refuse();
    try {
      expect(await started.done).toEqual({ status: "failed", failureReason: "network" });
      const run = await db.run.findUniqueOrThrow({ where: { id: started.runId } });
      expect(run.error).toBe("Lost the connection to the cloud runner relay and could not resume within 4 s");
      await expect.poll(() => alive(pid), { timeout: GRACE_MS + 15_000 }).toBe(false);
    } finally {
      await proxy.open();
    }
  });

  it("kill -9 of the relay: after it restarts, the in-flight run fails network at once and its agent is gone", async () => {
    const own = await startRelayProcess({ env: relayEnv });
    try {
      await useCloud(own.url, token);
      const { campaign } = await scriptedCampaign(A.orgId, SLEEPY, "cloud");
      const started = await startCampaignRun({ orgId: A.orgId, campaignId: campaign.id, toolServerUrl: mcp.url, timeoutMs: 30_000 });
      const pid = await agentPid(started.runId);
      await firstToolAnswered(started.runId);
      await own.kill9();
      const restarted = await startRelayProcess({ port: own.port, env: relayEnv });
      try {
        const t0 = Date.now();
        expect(await started.done).toEqual({ status: "failed", failureReason: "network" });
        expect(Date.now() - t0).toBeLessThan(GRACE_MS + 2_000);
        const run = await db.run.findUniqueOrThrow({ where: { id: started.runId } });
        expect(run.error).toBe(`This relay does not hold run ${started.runId} (it may have restarted)`);
        await expect.poll(() => alive(pid), { timeout: 15_000 }).toBe(false);
      } finally {
        await restarted.stop();
      }
    } finally {
      await own.stop();
    }
  });

  it("a frame over the relay's limit closes the socket: the run fails network", async () => {
    const small = await startRelayProcess({ env: { ...relayEnv, RELAY_MAX_FRAME_BYTES: "16384" } });
    try {
      await useCloud(small.url, token);
      const { campaign, playbook } = await scriptedCampaign(A.orgId, SLEEPY, "cloud");
      await db.playbook.update({ where: { id: playbook.id }, data: { body: scriptPlaybook(SLEEPY, "A long playbook. ".repeat(2_000)) } });
      const started = await startCampaignRun({ orgId: A.orgId, campaignId: campaign.id, toolServerUrl: mcp.url, timeoutMs: 30_000 });
      expect(await started.done).toEqual({ status: "failed", failureReason: "network" });
      const run = await db.run.findUniqueOrThrow({ where: { id: started.runId } });
      expect(run.error).toBe("The relay closed the connection: a frame was larger than it accepts");
      expect(await phases(started.runId)).not.toContain("spawned");
    } finally {
      await small.stop();
    }
  });
});

describe("the wire protocol, spoken by hand", () => {
  /** A raw client: every frame it receives, in order, and how its socket closed. */
  async function rawClient(url: string) {
    const ws = new WebSocket(url);
    const frames: Array<Record<string, unknown>> = [];
    const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on("message", (d) => frames.push(JSON.parse(d.toString()) as Record<string, unknown>));
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    const next = async (type: string, from = 0) => {
      await expect.poll(() => frames.slice(from).some((f) => f.type === type), { timeout: 10_000 }).toBe(true);
      return frames.slice(from).find((f) => f.type === type)!;
    };
    return { ws, frames, closed, next };
  }

  it("refuses what is not a frame with an error frame and keeps the socket; anything before hello closes it", async () => {
    const c = await rawClient(relay.url);
    c.ws.send("not json at all");
    expect(await c.next("error")).toMatchObject({ v: 1, type: "error", code: "bad_frame", message: "The frame is not JSON", seq: 0 });
    c.ws.send(JSON.stringify({ v: 1, type: "launch", seq: 0 }));
    await expect.poll(() => c.frames.length, { timeout: 15_000 }).toBe(2);
    expect(c.frames[1]).toMatchObject({ type: "error", code: "bad_frame" });
    expect(String(c.frames[1]!.message)).toMatch(/^Invalid frame at type: /);
    c.ws.send(JSON.stringify({ v: 2, type: "ping", seq: 0 }));
    await expect.poll(() => c.frames.length, { timeout: 15_000 }).toBe(3);
    expect(c.frames[2]).toMatchObject({ type: "error", code: "bad_frame", message: expect.stringMatching(/^Invalid frame at v: /) });
    expect(c.ws.readyState).toBe(WebSocket.OPEN);

    c.ws.send(JSON.stringify({ v: 1, type: "run.start", seq: 1, runId: 5, kind: "campaign", playbook: "x", timeoutMs: 1000 }));
    expect(await c.closed).toEqual({ code: 4001, reason: "Say hello with a cloud runner token first" });
  });

  it("runs a run for a client that speaks the protocol: hello, run.start, updates, an invalid frame refused mid-run, cancel, run.end", async () => {
    const c = await rawClient(relay.url);
    c.ws.send(JSON.stringify({ v: 1, type: "hello", seq: 0, token }));
    expect(await c.next("hello")).toMatchObject({ relay: { version: "1.0.0", backend: "claude-code", model: RELAY_MODEL }, organization: 41 });
    const runId = 900_000 + Math.floor(Math.random() * 1000);
    c.ws.send(JSON.stringify({ v: 1, type: "run.start", seq: 1, runId, kind: "campaign", playbook: scriptPlaybook({ steps: [{ say: "hand made" }, { sleep: 20_000 }] }), timeoutMs: 60_000 }));
    const update = await c.next("acp.update");
    expect(update).toMatchObject({ v: 1, runId, event: "lifecycle", seq: 1, ack: 1 });
    await expect.poll(() => c.frames.some((f) => f.type === "acp.update" && f.event === "message_chunk"), { timeout: 15_000 }).toBe(true);

    const before = c.frames.length;
    c.ws.send(JSON.stringify({ v: 1, type: "mcp.frame", seq: 2, runId, message: { jsonrpc: "1.0" } }));
    expect(await c.next("error", before)).toMatchObject({ code: "bad_frame", message: "Invalid frame at message: Not a JSON-RPC 2.0 message" });

    c.ws.send(JSON.stringify({ v: 1, type: "cancel", seq: 2, runId }));
    const end = await c.next("run.end");
    expect(end).toMatchObject({ runId, result: { cancelled: true, timedOut: false } });
    const seqs = c.frames.filter((f) => (f.seq as number) > 0).map((f) => f.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    c.ws.close();
  });

  it("closes the socket on a frame larger than 1 MB", async () => {
    const c = await rawClient(relay.url);
    c.ws.send(JSON.stringify({ v: 1, type: "hello", seq: 0, token }));
    await c.next("hello");
    c.ws.send(JSON.stringify({ v: 1, type: "ping", seq: 0, pad: "x".repeat(1024 * 1024) }));
    expect((await c.closed).code).toBe(1009);
  });
});

describe("tokens issued by the cloud edition", () => {
  // This process plays both sides: the cloud edition (its token, revocation and usage routes, served over HTTP for a
  // relay of its own) and the self-hosted install that runs with the token.
  let cloudApi: http.Server;
  let meteredRelay: RelayProcess;
  let C: OrgFixture;
  const REPORT_SECRET = "relay-report-secret-0123456789";
  const CLOUD_ENV = { OUTREACH_EDITION: "cloud", OUTREACH_CLOUD_SIGNING_KEY: "", OUTREACH_RELAY_REPORT_SECRET: REPORT_SECRET, STRIPE_SECRET_KEY: "sk_test_relay", STRIPE_WEBHOOK_SECRET: "whsec_relay", STRIPE_PRICE_PRO: "price_pro" };
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    const { call } = await import("./http");
    const revocations = await import("@/app/api/cloud-runner/revocations/route");
    const usage = await import("@/app/api/cloud-runner/usage/route");
    for (const [k, v] of Object.entries({ ...CLOUD_ENV, OUTREACH_CLOUD_SIGNING_KEY: keys.privateKey })) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    cloudApi = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const out = req.url?.startsWith("/api/cloud-runner/usage")
        ? await call(usage.POST, { method: "POST", rawBody: Buffer.concat(chunks).toString("utf8"), headers: { "content-type": "application/json", authorization: String(req.headers.authorization ?? "") } })
        : await call(revocations.GET, {});
      res.writeHead(out.status, { "content-type": "application/json" }).end(JSON.stringify(out.json));
    });
    await new Promise<void>((resolve) => cloudApi.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(cloudApi.address() as AddressInfo).port}`;
    meteredRelay = await startRelayProcess({
      env: { ...relayEnv, RELAY_REVOKED_URL: `${base}/api/cloud-runner/revocations`, RELAY_REVOKED_REFRESH_MS: "500", RELAY_USAGE_URL: `${base}/api/cloud-runner/usage`, RELAY_REPORT_SECRET: REPORT_SECRET },
    });
    C = await createOrg();
  });

  afterAll(async () => {
    await meteredRelay?.stop();
    await new Promise<void>((resolve) => cloudApi?.close(() => resolve()));
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it("a run made with an organization's token is metered to it once, the token shows when it was last used, and revoking it stops the relay accepting it", async () => {
    const { issueCloudRunnerToken } = await import("@/lib/cloud-runner-tokens/issue-cloud-runner-token");
    const { revokeCloudRunnerToken } = await import("@/lib/cloud-runner-tokens/revoke-cloud-runner-token");
    const issued = await issueCloudRunnerToken({ orgId: C.orgId, userId: C.userId, name: "office install", ttlDays: 30 });
    expect(issued.token).toMatch(/^ocr_/);
    expect(await useCloud(meteredRelay.url, issued.token)).toMatchObject({ available: true });

    // The install's own organization is A; the usage belongs to C, whose token it is.
    const { campaign } = await scriptedCampaign(A.orgId, { steps: [{ tool: "run_start" }, { tool: "run_finish", args: { summary: "metered" } }] }, "cloud");
    const started = await startCampaignRun({ orgId: A.orgId, campaignId: campaign.id, toolServerUrl: mcp.url, timeoutMs: 30_000 });
    expect(await started.done).toEqual({ status: "success", failureReason: null });
    const key = `relay:${issued.tokenId}:${started.runId}`;
    await expect.poll(() => db.meteredUsage.count({ where: { sourceKey: key, organizationId: C.orgId } }), { timeout: 10_000 }).toBe(1);
    expect((await db.cloudRunnerToken.findUniqueOrThrow({ where: { jti: issued.tokenId } })).lastUsedAt).not.toBeNull();

    await revokeCloudRunnerToken({ orgId: C.orgId, id: issued.id });
    await expect.poll(async () => (await probeAsInstall(meteredRelay.url, issued.token)).reason, { timeout: 10_000 }).toBe("The cloud runner relay refused this installation's token: The cloud runner token was revoked");
  });

  it("an organization out of Free minutes gets its token's runs refused: the install's run fails quota_exhausted with the reason", async () => {
    const { issueCloudRunnerToken } = await import("@/lib/cloud-runner-tokens/issue-cloud-runner-token");
    const issued = await issueCloudRunnerToken({ orgId: C.orgId, userId: C.userId, name: "spent", ttlDays: 30 });
    await db.meteredUsage.create({ data: { organizationId: C.orgId, sourceKey: `test:spent:${C.orgId}`, seconds: 3600, occurredAt: new Date(), status: "skipped" } });
    await expect.poll(async () => (await probeAsInstall(meteredRelay.url, issued.token)).reason ?? "", { timeout: 10_000 }).toContain("cloud-runner minutes its Free plan includes");

    const { campaign } = await scriptedCampaign(A.orgId, SLEEPY, "cloud");
    const { run, token: runToken } = await runningRun(A.orgId, { kind: "campaign", runner: "cloud", campaignId: campaign.id, projectId: campaign.projectId, script: SLEEPY });
    const outcome = await dispatchRun({ orgId: A.orgId, runId: run.id, token: runToken, toolServerUrl: mcp.url, timeoutMs: 30_000 });
    expect(outcome).toEqual({ status: "failed", failureReason: "quota_exhausted" });
    const failed = await db.run.findUniqueOrThrow({ where: { id: run.id } });
    expect(failed.error).toContain("upgrade to Pro");
    expect(await phases(run.id)).not.toContain("spawned");
  });
});
