// Agent runners as data (SPEC "Agent runners"): `cloud` plus six local backends that all speak ACP over stdio
// through one generic runner. Adding a backend is adding an entry here.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { RUNNER_SLUGS } from "@/lib/campaigns/catalog";

export interface LocalBackend {
  slug: string;
  label: string;
  /** The program started for a run. */
  binary: string;
  /** Arguments that put it in ACP mode. */
  acpArgs: string[];
  /** The agent's own CLI probed with `--version` to tell whether it is installed. */
  detectBinary: string;
  /** Environment variables handed through to the agent: the shared base (PATH, HOME, ...) and `ownEnv`. */
  envPassthrough: string[];
  /** The backend's own variables (its credentials and settings), the only ones an isolated agent keeps besides
   * PATH and LANG (lib/runners/agent-env.ts). */
  ownEnv: string[];
  installHint: string;
  /** Shape of app_config.runner_configs.<slug>. */
  configSchema: z.ZodType<Record<string, unknown>>;
}

const ZModelOnly = z.object({ model: z.string().trim().min(1).max(200).optional().describe("Model id passed to the agent") }).strict();

// Variables every agent needs to find its own state; credentials are added per backend.
const BASE_ENV = ["PATH", "HOME", "USER", "LANG", "TMPDIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "HTTPS_PROXY", "NO_PROXY"];

export const LOCAL_BACKENDS: readonly LocalBackend[] = [
  {
    slug: "claude-code",
    label: "Claude Code",
    binary: "npx",
    acpArgs: ["-y", "@zed-industries/claude-agent-acp"],
    detectBinary: "claude",
    envPassthrough: [...BASE_ENV, "ANTHROPIC_API_KEY", "CLAUDE_CODE_OAUTH_TOKEN", "CLAUDE_CONFIG_DIR"],
    ownEnv: ["ANTHROPIC_API_KEY", "CLAUDE_CODE_OAUTH_TOKEN", "CLAUDE_CONFIG_DIR"],
    installHint: "npm install -g @anthropic-ai/claude-code, then run `claude` once to sign in (or set ANTHROPIC_API_KEY)",
    // Model and maxTurns reach the agent through session/new _meta.claudeCode.options.
    configSchema: z
      .object({
        model: z.string().trim().min(1).max(200).optional().describe("Model id, e.g. claude-sonnet-4-5"),
        maxTurns: z.number().int().min(1).max(500).optional().describe("Upper bound on agent turns per run"),
      })
      .strict(),
  },
  {
    slug: "codex",
    label: "Codex",
    binary: "npx",
    acpArgs: ["-y", "@zed-industries/codex-acp"],
    detectBinary: "codex",
    envPassthrough: [...BASE_ENV, "OPENAI_API_KEY", "CODEX_HOME"],
    ownEnv: ["OPENAI_API_KEY", "CODEX_HOME"],
    installHint: "npm install -g @openai/codex, then run `codex login` (or set OPENAI_API_KEY)",
    configSchema: ZModelOnly,
  },
  {
    slug: "gemini",
    label: "Gemini CLI",
    binary: "gemini",
    acpArgs: ["--acp"],
    detectBinary: "gemini",
    envPassthrough: [...BASE_ENV, "GEMINI_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CLOUD_PROJECT", "GOOGLE_GENAI_USE_VERTEXAI"],
    ownEnv: ["GEMINI_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CLOUD_PROJECT", "GOOGLE_GENAI_USE_VERTEXAI"],
    installHint: "npm install -g @google/gemini-cli, then run `gemini` once to sign in (or set GEMINI_API_KEY)",
    configSchema: ZModelOnly,
  },
  {
    slug: "qwen",
    label: "Qwen Code",
    binary: "qwen",
    acpArgs: ["--acp"],
    detectBinary: "qwen",
    envPassthrough: [...BASE_ENV, "DASHSCOPE_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL"],
    ownEnv: ["DASHSCOPE_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL"],
    installHint: "npm install -g @qwen-code/qwen-code, then run `qwen` once to sign in",
    configSchema: ZModelOnly,
  },
  {
    slug: "auggie",
    label: "Auggie",
    binary: "auggie",
    acpArgs: ["--acp"],
    detectBinary: "auggie",
    envPassthrough: [...BASE_ENV, "AUGMENT_SESSION_AUTH"],
    ownEnv: ["AUGMENT_SESSION_AUTH"],
    installHint: "npm install -g @augmentcode/auggie, then run `auggie login`",
    configSchema: ZModelOnly,
  },
  {
    slug: "opencode",
    label: "opencode",
    binary: "opencode",
    acpArgs: ["acp"],
    detectBinary: "opencode",
    envPassthrough: [...BASE_ENV, "OPENCODE_CONFIG", "ANTHROPIC_API_KEY", "OPENAI_API_KEY"],
    ownEnv: ["OPENCODE_CONFIG", "ANTHROPIC_API_KEY", "OPENAI_API_KEY"],
    installHint: "npm install -g opencode-ai, then run `opencode auth login`",
    configSchema: ZModelOnly,
  },
];

export const CLOUD_RUNNER = {
  slug: "cloud" as const,
  label: "Cloud",
  // The managed runner service picks the model server-side: there is nothing to configure here.
  configSchema: z.object({}).strict(),
};

// More backends can be added without a code change: OUTREACH_EXTRA_BACKENDS names a JSON file holding an array of
// entries of the same shape (slug, label, binary, acpArgs, detectBinary, envPassthrough, installHint). They get the
// model-only config schema. docs/runners.md shows an example.
const ZExtraBackend = z
  .object({
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, "a slug is 2-40 lower-case letters, digits and dashes"),
    label: z.string().trim().min(1).max(80),
    binary: z.string().min(1),
    acpArgs: z.array(z.string()).default([]),
    detectBinary: z.string().min(1).optional(),
    envPassthrough: z.array(z.string()).default([]),
    installHint: z.string().default(""),
  })
  .strict();

let extras: LocalBackend[] | null = null;

function extraBackends(): LocalBackend[] {
  if (extras) return extras;
  const file = process.env.OUTREACH_EXTRA_BACKENDS;
  if (!file) return (extras = []);
  const parsed = z.array(ZExtraBackend).safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`OUTREACH_EXTRA_BACKENDS (${file}) is not a valid list of backends: ${parsed.error.message}`);
  const taken = new Set<string>(RUNNER_SLUGS);
  extras = parsed.data.map((b) => {
    if (taken.has(b.slug)) throw new Error(`OUTREACH_EXTRA_BACKENDS: the slug ${b.slug} is already taken`);
    taken.add(b.slug);
    return { ...b, detectBinary: b.detectBinary ?? b.binary, envPassthrough: [...BASE_ENV, ...b.envPassthrough], ownEnv: b.envPassthrough, configSchema: ZModelOnly };
  });
  return extras;
}

/** The six built-in backends plus any configured extra ones. */
export function localBackends(): readonly LocalBackend[] {
  const more = extraBackends();
  return more.length ? [...LOCAL_BACKENDS, ...more] : LOCAL_BACKENDS;
}

export function findLocalBackend(slug: string): LocalBackend | undefined {
  return localBackends().find((b) => b.slug === slug);
}

export function isRunnerSlug(slug: string): boolean {
  return slug === CLOUD_RUNNER.slug || findLocalBackend(slug) !== undefined;
}

export const ZRunnerSlug = z.string().refine(isRunnerSlug, { message: "Unknown runner" });
