// The environment an agent process starts with. Shared by the dashboard's dispatcher and the relay, so it reads
// nothing of its own (no lib/env): the caller hands over the source environment and the choices.
//
// - inherited (auto permissions, self-hosted): the backend's pass-through list as before, the base (PATH, HOME, USER,
//   LANG, TMPDIR, XDG_*, proxies) and the backend's own variables;
// - isolated (strict permissions, and always on the relay): PATH, LANG and the backend's own variables only, with HOME
//   and TMPDIR inside the run's scratch folder (or HOME where the operator says the agent's sign-in lives). Nothing
//   else of the host's environment (database URLs, report secrets, signing keys) reaches the agent.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { LocalBackend } from "@/lib/runners/backends";

/** What an isolated agent keeps of the host besides its backend's own variables (docs/security.md, "Processes"). */
export const ISOLATED_BASE_ENV = ["PATH", "LANG"] as const;

export interface AgentScratch {
  /** The run's folder: the agent's cwd, removed when the run ends. */
  dir: string;
  home: string;
  tmp: string;
}

/** Makes `home` and `tmp` inside the run's scratch folder. */
export async function prepareScratch(dir: string): Promise<AgentScratch> {
  const scratch = { dir, home: path.join(dir, "home"), tmp: path.join(dir, "tmp") };
  await Promise.all([mkdir(scratch.home, { recursive: true }), mkdir(scratch.tmp, { recursive: true })]);
  return scratch;
}

export interface AgentEnvInput {
  backend: Pick<LocalBackend, "envPassthrough" | "ownEnv">;
  /** Where the values come from (process.env). */
  source: Readonly<Record<string, string | undefined>>;
  /** Set: the isolated environment, HOME and TMPDIR in this scratch folder. */
  scratch: AgentScratch | null;
  /** A HOME the operator named for agents (their CLIs' saved sign-in); replaces the scratch or inherited one. */
  home?: string | null;
  /** More variable names the operator hands through (relay: RELAY_AGENT_ENV). */
  extra?: readonly string[];
}

export function agentEnv({ backend, source, scratch, home, extra = [] }: AgentEnvInput): Record<string, string> {
  const names = scratch ? [...ISOLATED_BASE_ENV, ...backend.ownEnv, ...extra] : [...backend.envPassthrough, ...extra];
  const env: Record<string, string> = {};
  for (const name of names) {
    const value = source[name];
    if (value !== undefined) env[name] = value;
  }
  if (scratch) {
    env.HOME = scratch.home;
    env.TMPDIR = scratch.tmp;
  }
  if (home) env.HOME = home;
  return env;
}
