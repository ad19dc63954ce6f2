// The `_meta` of ACP `session/new` for a backend (pure: the relay builds it too).
// - claude-code reads its options from `claudeCode.options` (SPEC "Agent runners": model and maxTurns);
// - with strict permissions the agent is asked to drop its built-in tools: claude-agent-acp takes
//   `claudeCode.options.tools: []` (and the older `disableBuiltInTools: true`, sent to every backend: an agent that
//   does not know it ignores it). The other CLIs have no such switch over ACP; their tools are refused one by one
//   when they ask (lib/runners/permission-policy.ts).

export interface SessionMetaInput {
  runner: string;
  model?: string | null;
  maxTurns?: number | null;
  strict: boolean;
}

export function sessionMeta({ runner, model, maxTurns, strict }: SessionMetaInput): Record<string, unknown> | undefined {
  const meta: Record<string, unknown> = {};
  if (runner === "claude-code") {
    const options: Record<string, unknown> = {};
    if (model) options.model = model;
    if (maxTurns) options.maxTurns = maxTurns;
    if (strict) options.tools = [];
    meta.claudeCode = { options };
  }
  if (strict) meta.disableBuiltInTools = true;
  return Object.keys(meta).length ? meta : undefined;
}
