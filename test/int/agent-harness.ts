// What a test needs to run a real agent process through the dispatcher: the tool server served over real HTTP (the
// same route handler Next serves at /api/mcp), the fake ACP agent registered as a backend the way a user adds one
// (OUTREACH_EXTRA_BACKENDS), and campaigns whose playbook carries the fake agent's script.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { db } from "@/lib/db/client";
import { detectRunners } from "@/lib/runners/detect-runners";
import { mintRunToken } from "@/lib/runs/run-token";
import { createAccountRow, createProject, uid } from "./fixtures";

export const FAKE_AGENT = path.resolve("e2e/fixtures/fake-acp-agent.mjs");
export const FAKE_SLUG = "fake-agent";
export const MISSING_SLUG = "missing-agent";

/** Registers the fake agent (and one whose binary does not exist) as extra backends, then re-detects. */
export async function registerFakeBackends(): Promise<void> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "backends-")), "backends.json");
  fs.writeFileSync(
    file,
    JSON.stringify([
      { slug: FAKE_SLUG, label: "Fake agent (tests)", binary: process.execPath, acpArgs: [FAKE_AGENT], installHint: "ships with the tests" },
      { slug: MISSING_SLUG, label: "Missing agent", binary: "/nonexistent/agent-cli", acpArgs: ["--acp"], installHint: "not installable" },
    ]),
  );
  process.env.OUTREACH_EXTRA_BACKENDS = file;
  await detectRunners({ refresh: true });
}

type RouteHandler = (req: Request) => Promise<Response>;

/** Serves one route handler over real HTTP on a loopback port. */
export async function serveRoute(handler: RouteHandler, pathname = "/api/mcp"): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    const response = await handler(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${pathname}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function scriptPlaybook(script: unknown, intro = "Fake playbook for tests."): string {
  return `${intro}\n\n\`\`\`fake-agent\n${JSON.stringify(script)}\n\`\`\`\n`;
}

/** A project with a default forum account and a campaign on `runner` whose playbook is the given script. */
export async function scriptedCampaign(orgId: number, script: unknown, runner = FAKE_SLUG) {
  const project = await createProject(orgId);
  const account = await createAccountRow(orgId, project.id);
  await db.account.update({ where: { id: account.id }, data: { isDefault: true } });
  const playbook = await db.playbook.create({ data: { organizationId: orgId, slug: `test-${uid()}`, title: "Test", body: scriptPlaybook(script) } });
  const campaign = await db.campaign.create({
    data: { organizationId: orgId, projectId: project.id, name: `Campaign ${uid()}`, platform: "forum", skill: "forum-scout", runner, playbookId: playbook.id, state: "active" },
  });
  return { project, account, playbook, campaign };
}

/** A running run row of any kind with a fresh token, for dispatching directly. */
export async function runningRun(orgId: number, opts: { kind: string; runner?: string; campaignId?: number | null; projectId?: number | null; script?: unknown; playbookSlug?: string }) {
  const { token, hash } = mintRunToken();
  const run = await db.run.create({
    data: {
      organizationId: orgId,
      kind: opts.kind,
      runner: opts.runner ?? FAKE_SLUG,
      campaignId: opts.campaignId ?? null,
      projectId: opts.projectId ?? null,
      playbookSlug: opts.playbookSlug ?? "test",
      playbookBody: opts.script === undefined ? null : scriptPlaybook(opts.script),
      runTokenHash: hash,
      status: "running",
    },
  });
  return { run, token };
}

/**
 * Background runs (regeneration, replies, insights, extraction, tuning) reach the tool server at
 * OUTREACH_TOOL_SERVER_URL, as a deployment would configure it: serve /api/mcp and point the variable at it.
 */
export async function serveToolServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const { POST } = await import("@/app/api/mcp/route");
  const served = await serveRoute(POST as RouteHandler);
  process.env.OUTREACH_TOOL_SERVER_URL = served.url;
  return served;
}

/**
 * Replaces the organization's playbook of `slug` (a seeded built-in, or a new row) with a fake-agent script, so the
 * next run of that playbook is scripted. The fake agent stands in for the LLM that would read the real playbook.
 */
export async function scriptOrgPlaybook(orgId: number, slug: string, script: unknown) {
  const body = scriptPlaybook(script, `Scripted ${slug} for tests.`);
  return db.playbook.upsert({
    where: { organizationId_slug: { organizationId: orgId, slug } },
    update: { body },
    create: { organizationId: orgId, slug, title: slug, body },
  });
}

/** Waits until a run started elsewhere (a route) is terminal; routes drop the dispatcher's promise. */
export async function waitForRunEnd(runId: number, timeoutMs = 25_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await db.run.findUniqueOrThrow({ where: { id: runId } });
    // A finish tool ends the run before the process exits; the dispatcher's "finished" log line comes last.
    const finished = await db.runEvent.findFirst({ where: { runId, type: "lifecycle", payload: { path: ["phase"], equals: "finished" } }, select: { id: true } });
    if (run.status !== "running" && finished) return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${run.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Tool-call results of a run, in order: what the agent read back from each tool. */
export async function toolResults(runId: number): Promise<Array<{ status: string; text: string }>> {
  const events = await db.runEvent.findMany({ where: { runId, type: "tool_call_update" }, orderBy: { seq: "asc" } });
  return events.map((e) => e.payload as { status: string; text: string });
}
