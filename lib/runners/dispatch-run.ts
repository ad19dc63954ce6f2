// The dispatcher: runs one agent process for one run row and commits how it ended (SPEC section 3 and 7).
//  1. the run's playbook (snapshot, or playbooks/<slug>.md) is written to a temporary folder, the agent's cwd;
//  2. the backend is started with the run bound through its environment (OUTREACH_RUN_ID, OUTREACH_CAMPAIGN_ID,
//     OUTREACH_PROJECT_ID, OUTREACH_RUN_TOKEN) and our tool server attached to its ACP session;
//  3. every session/update becomes a stored run event;
//  4. usage and cost are written, then the terminal state is committed unless a finish tool already did.
// A local runner starts only where this edition offers it (lib/runners/runner-policy.ts): whatever path created the
// run row, the cloud edition never spawns a tenant's agent on this host unless the operator opted in. With strict
// permissions the agent gets the isolated environment (lib/runners/agent-env.ts) and only our tools are allowed.
import { inSpan } from "@/lib/tracing/in-span";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log/logger";
import { publish } from "@/lib/events/bus";
import { CLOUD_RUNNER, findLocalBackend } from "@/lib/runners/backends";
import { runCloudAgent } from "@/lib/runners/cloud/run-cloud-agent";
import { cloudSettings } from "@/lib/runners/cloud/cloud-settings";
import { runAcpAgent, type AcpRunResult } from "@/lib/runners/acp-runner";
import { agentEnv, prepareScratch } from "@/lib/runners/agent-env";
import { sessionMeta } from "@/lib/runners/session-meta";
import { agentHome, agentPermissionPolicy, isRunnerOffered, notOfferedMessage } from "@/lib/runners/runner-policy";
import { CLOUD_RUNNER_DOWN_FOR_CUSTOMERS } from "@/lib/runners/detect-runners";
import { isCloudEdition } from "@/lib/edition/edition";
import { classifyFailure } from "@/lib/runners/classify-failure";
import { priceRun } from "@/lib/runners/price-run";
import { resolvePlaybookPrompt } from "@/lib/runners/resolve-playbook-prompt";
import { holdRun, releaseRun } from "@/lib/runners/live-runs";
import { keepRunLeased } from "@/lib/runs/run-lease";
import { commitRunTerminal, type RunTerminal } from "@/lib/runs/commit-run-terminal";
import { runEventWriter } from "@/lib/runs/record-run-event";
import { TOOL_SERVER_NAME } from "@/lib/mcp/tool-server-name";
import { getAppConfig } from "@/lib/config/get-app-config";

/** 30 minutes, or OUTREACH_RUN_TIMEOUT_MS (tests shorten it). */
export const DEFAULT_RUN_TIMEOUT_MS = Number(process.env.OUTREACH_RUN_TIMEOUT_MS) || 30 * 60_000;
export const MCP_BRIDGE = path.join(process.cwd(), "bin", "outreach-mcp.mjs");

export interface DispatchInput {
  orgId: number;
  runId: number;
  /** The per-run secret minted with the run (only its hash is stored). */
  token: string;
  /** The tool server's HTTP endpoint this instance serves (…/api/mcp). */
  toolServerUrl: string;
  timeoutMs?: number;
}

export interface DispatchOutcome {
  status: "success" | "failed";
  failureReason: string | null;
}

export function dispatchRun(input: DispatchInput): Promise<DispatchOutcome> {
  // One span for the whole run, in the trace of the request (or job) that started it.
  return inSpan("run", { "outreach.run_id": input.runId, "outreach.organization_id": input.orgId }, () => dispatchRunTraced(input));
}

async function dispatchRunTraced(input: DispatchInput): Promise<DispatchOutcome> {
  const { orgId, runId } = input;
  const controller = holdRun(runId);
  // While this process works on the run its lease stays fresh; if the process dies, the run rescuer fails the run.
  const releaseLease = keepRunLeased({ orgId, runId });
  try {
    return await execute(input, controller.signal);
  } catch (err) {
    // A runtime error of the dispatcher itself still ends the run (SPEC: "catches a runtime error").
    log.error("dispatcher failed", { runId, error: (err as Error).message });
    await commitRunTerminal(null, { orgId, runId, status: "failed", failureReason: "unknown", error: `Dispatcher error: ${(err as Error).message}` }).catch(() => false);
    return readOutcome(orgId, runId);
  } finally {
    releaseLease();
    releaseRun(runId);
  }
}

async function execute(input: DispatchInput, signal: AbortSignal): Promise<DispatchOutcome> {
  const { orgId, runId } = input;
  const run = await db.run.findFirst({
    where: { id: runId, organizationId: orgId },
    select: { id: true, kind: true, runner: true, model: true, playbookBody: true, playbookSlug: true, campaignId: true, projectId: true, status: true },
  });
  if (!run) throw new Error(`run ${runId} not found`);
  if (run.status !== "running") return readOutcome(orgId, runId);
  const writer = runEventWriter({ orgId, runId, startedAt: process.hrtime.bigint() });

  const cloud = run.runner === CLOUD_RUNNER.slug;
  const backend = cloud ? null : findLocalBackend(run.runner);
  if (!cloud && !backend) {
    return finish(input, writer, { status: "failed", failureReason: "runner_missing", error: `The runner "${run.runner}" cannot run here` });
  }
  if (!isRunnerOffered(run.runner)) {
    return finish(input, writer, { status: "failed", failureReason: "runner_missing", error: notOfferedMessage(run.runner) });
  }
  const playbook = await resolvePlaybookPrompt(run);
  if (!playbook) {
    return finish(input, writer, { status: "failed", failureReason: "playbook_error", error: `No playbook: the run has no snapshot and playbooks/${run.playbookSlug}.md does not exist` });
  }
  if (cloud) return executeOnCloud(input, signal, { ...run, orgId }, playbook, writer);
  if (!backend) throw new Error("unreachable: a local run without a backend");

  const workdir = await mkdtemp(path.join(os.tmpdir(), `outreach-run-${runId}-`));
  try {
    const playbookFile = path.join(workdir, "playbook.md");
    await writeFile(playbookFile, playbook.body, "utf8");
    const binding: Record<string, string> = {
      OUTREACH_RUN_ID: String(runId),
      OUTREACH_CAMPAIGN_ID: run.campaignId ? String(run.campaignId) : "",
      OUTREACH_PROJECT_ID: run.projectId ? String(run.projectId) : "",
      OUTREACH_RUN_TOKEN: input.token,
      OUTREACH_MCP_URL: input.toolServerUrl,
      OUTREACH_PLAYBOOK_FILE: playbookFile,
    };
    const policy = agentPermissionPolicy();
    // Strict: HOME and TMPDIR in the run's folder (unless OUTREACH_AGENT_HOME names the agents' home) and nothing of
    // this server's environment but PATH, LANG and the backend's own variables.
    const scratch = policy === "strict" ? await prepareScratch(workdir) : null;
    const env: Record<string, string> = { ...agentEnv({ backend, source: process.env, scratch, home: agentHome() }), ...binding };
    const config = ((await getAppConfig({ orgId })).runner_configs?.[run.runner] ?? {}) as { model?: string; maxTurns?: number };
    const meta = sessionMeta({ runner: run.runner, model: config.model, maxTurns: config.maxTurns, strict: policy === "strict" });

    void writer.write("lifecycle", { phase: "starting", detail: `${backend.label}: playbook from ${playbook.source}`, playbook: run.playbookSlug });
    const result = await runAcpAgent({
      binary: backend.binary,
      args: backend.acpArgs,
      cwd: workdir,
      env,
      prompt: playbook.body,
      mcpServers: [
        {
          name: TOOL_SERVER_NAME,
          command: process.execPath,
          args: [MCP_BRIDGE],
          env: Object.entries({ ...binding, PATH: process.env.PATH ?? "" }).map(([name, value]) => ({ name, value })),
        },
      ],
      meta,
      permissionPolicy: policy,
      timeoutMs: input.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS,
      signal,
      onEvent: (type, payload) => void writer.write(type, payload),
    });
    await writer.flush();
    await recordUsage(orgId, runId, run.runner, run.model, result);
    return finish(input, writer, await terminalFor({ ...run, orgId }, result, writer.texts()));
  } finally {
    await rm(workdir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * A run on the cloud runner (SPEC "Agent runners": `cloud`): the relay runs the agent and this process answers its
 * tool calls (lib/runners/cloud/run-cloud-agent.ts). It ends like a local run; a refused token is `auth_expired` and a
 * relay lost beyond the resume window is `network`.
 */
async function executeOnCloud(
  input: DispatchInput,
  signal: AbortSignal,
  run: { id: number; kind: string; orgId: number; playbookSlug: string | null },
  playbook: { body: string; source: string },
  writer: ReturnType<typeof runEventWriter>,
): Promise<DispatchOutcome> {
  const { orgId, runId } = input;
  const settings = cloudSettings();
  if (!settings) {
    const error = isCloudEdition() ? CLOUD_RUNNER_DOWN_FOR_CUSTOMERS : "The cloud runner is not set up here: set OUTREACH_CLOUD_RELAY_URL and OUTREACH_CLOUD_TOKEN, or choose a local runner";
    if (isCloudEdition()) log.warn("a cloud run failed: the cloud runner is not set up (OUTREACH_CLOUD_RELAY_URL, OUTREACH_CLOUD_TOKEN)", { runId });
    return finish(input, writer, { status: "failed", failureReason: "runner_missing", error });
  }
  void writer.write("lifecycle", { phase: "starting", detail: `Cloud runner: playbook from ${playbook.source}`, playbook: run.playbookSlug });
  const result = await runCloudAgent({
    relayUrl: settings.relayUrl,
    cloudToken: settings.token,
    resumeWindowMs: settings.resumeWindowMs,
    runId,
    runToken: input.token,
    toolServerUrl: input.toolServerUrl,
    kind: run.kind,
    playbook: playbook.body,
    timeoutMs: input.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS,
    signal,
    onEvent: (type, payload) => void writer.write(type, payload),
  });
  await writer.flush();
  if (result.model) await db.run.updateMany({ where: { id: runId, organizationId: orgId }, data: { model: result.model } });
  await recordUsage(orgId, runId, CLOUD_RUNNER.slug, result.model, result);
  if (result.failure && !result.cancelled) return finish(input, writer, { status: "failed", failureReason: result.failure.reason, error: result.failure.error });
  return finish(input, writer, await terminalFor(run, result, writer.texts()));
}

/** How the process ended, in the terms of SPEC section 3. */
async function terminalFor(
  run: { id: number; kind: string; orgId: number },
  r: AcpRunResult,
  texts: Array<{ type: string; text: string }>,
): Promise<Omit<RunTerminal, "orgId" | "runId">> {
  const base = { exitCode: r.exitCode, stopReason: r.stopReason };
  if (r.cancelled) return { ...base, status: "failed", failureReason: "cancelled", error: "Cancelled" };
  if (r.timedOut) return { ...base, status: "failed", failureReason: "agent_timeout", error: "The agent did not finish in time" };
  // We end the agent once it has answered, so a signal exit after a stop reason is a normal end.
  const cleanEnd = r.stopReason !== null && (r.exitCode === 0 || r.exitCode === null);
  if (!cleanEnd) {
    const reason = classifyFailure({ exitCode: r.exitCode, stopReason: r.stopReason, timedOut: false, exitedEarly: r.exitedEarly, acpErrorCode: r.errorCode ?? null, texts: [...texts.map((t) => t.text), r.error ?? ""] });
    return { ...base, status: "failed", failureReason: reason, error: r.error ?? lastStderr(texts) ?? `The agent exited with code ${r.exitCode}` };
  }
  // Exit 0 without the finish tool: a campaign run that drafted something is a success; otherwise it is incomplete.
  if (run.kind === "campaign") {
    const drafted = await db.draft.count({ where: { organizationId: run.orgId, runId: run.id } });
    if (drafted > 0) return { ...base, status: "success", params: { closedBy: "dispatcher", drafted } };
  }
  return { ...base, status: "failed", failureReason: "playbook_incomplete", error: "The agent stopped without calling its finish tool" };
}

async function finish(input: DispatchInput, writer: ReturnType<typeof runEventWriter>, t: Omit<RunTerminal, "orgId" | "runId">): Promise<DispatchOutcome> {
  const { orgId, runId } = input;
  const committed = await commitRunTerminal(null, { orgId, runId, ...t });
  await writer.write("lifecycle", {
    phase: "finished",
    detail: committed ? `${t.status}${t.failureReason ? ` (${t.failureReason})` : ""}` : "closed earlier by the playbook's finish tool",
  });
  await writer.flush();
  // A finish tool closed the run before the usage was known: tell the pages to read the final figures.
  if (!committed) await publish({ o: orgId, t: "run:finished", runId });
  return readOutcome(orgId, runId);
}

/** How the process ended and what it used, written even when a finish tool already closed the run. */
async function recordUsage(orgId: number, runId: number, runner: string, model: string | null, r: AcpRunResult) {
  const end = { exitCode: r.exitCode, ...(r.stopReason ? { stopReason: r.stopReason } : {}) };
  if (!r.usage && r.reportedCostUsd === null) {
    await db.run.updateMany({ where: { id: runId, organizationId: orgId }, data: end });
    return;
  }
  const costUsd = priceRun({ runner, model, usage: r.usage, reportedCostUsd: r.reportedCostUsd });
  await db.run.updateMany({
    where: { id: runId, organizationId: orgId },
    data: {
      ...end,
      inputTokens: r.usage?.inputTokens ?? null,
      outputTokens: r.usage?.outputTokens ?? null,
      cacheReadTokens: r.usage?.cacheReadTokens ?? null,
      cacheCreationTokens: r.usage?.cacheCreationTokens ?? null,
      costUsd,
    },
  });
}

async function readOutcome(orgId: number, runId: number): Promise<DispatchOutcome> {
  const row = await db.run.findFirst({ where: { id: runId, organizationId: orgId }, select: { status: true, failureReason: true } });
  return { status: row?.status === "success" ? "success" : "failed", failureReason: row?.failureReason ?? null };
}

function lastStderr(texts: Array<{ type: string; text: string }>): string | null {
  const last = texts.filter((t) => t.type === "stderr").at(-1);
  return last ? last.text.split("\n").filter(Boolean).slice(-3).join("\n").slice(0, 1000) : null;
}
