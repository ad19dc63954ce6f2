// The permission policy against what real backends send (shapes from claude-agent-acp's recorded ACP scenarios and
// Gemini CLI's ACP session code): strict allows the dashboard's own tools and refuses everything else.
import { describe, expect, it } from "vitest";
import { answerPermission, noteToolCall, type SeenToolCall } from "@/lib/runners/permission-policy";

const CLAUDE_OPTIONS = [
  { kind: "allow_always", name: "Always Allow", optionId: "allow_always" },
  { kind: "allow_once", name: "Allow", optionId: "allow" },
  { kind: "reject_once", name: "Reject", optionId: "reject" },
] as const;
const GEMINI_MCP_OPTIONS = [
  { optionId: "proceed_always_server", name: "Allow all server tools for this session", kind: "allow_always" },
  { optionId: "proceed_always_tool", name: "Allow tool for this session", kind: "allow_always" },
  { optionId: "proceed_once", name: "Allow", kind: "allow_once" },
  { optionId: "cancel", name: "Reject", kind: "reject_once" },
] as const;

/** What the runner remembers of a tool call from its `tool_call` update (and updates). */
function seen(...updates: Array<{ title?: string; name?: string; kind?: string; _meta?: Record<string, unknown> }>): SeenToolCall {
  const map = new Map<string, SeenToolCall>();
  for (const u of updates) noteToolCall(map, { toolCallId: "t1", ...u });
  return map.get("t1")!;
}

const ask = (toolCall: Record<string, unknown>, options: readonly { kind: string; name: string; optionId: string }[] = CLAUDE_OPTIONS) =>
  ({ toolCall: { toolCallId: "t1", ...toolCall }, options }) as Parameters<typeof answerPermission>[1];

describe("strict permissions", () => {
  it("allow an outreach MCP tool as claude-agent-acp announces it", () => {
    const facts = seen({ title: "mcp__outreach__drafts_create", name: "mcp__outreach__drafts_create", kind: "other", _meta: { claudeCode: { toolName: "mcp__outreach__drafts_create" } } });
    const answer = answerPermission("strict", ask({ title: "mcp__outreach__drafts_create", rawInput: {} }), facts);
    expect(answer).toMatchObject({ allowed: true, optionId: "allow", response: { outcome: { outcome: "selected", optionId: "allow" } } });
  });

  it("allow an outreach MCP tool as Gemini CLI asks for it (no tool_call before, kind other)", () => {
    const answer = answerPermission("strict", ask({ title: "run_start (outreach MCP Server)", kind: "other", status: "pending" }, GEMINI_MCP_OPTIONS));
    expect(answer).toMatchObject({ allowed: true, optionId: "proceed_once" });
  });

  it("refuse claude-agent-acp's own tools with the reject option, whatever their title says", () => {
    for (const [name, kind, title] of [
      ["Read", "read", "Read /etc/hostname"],
      ["Bash", "execute", "rm -rf /"],
      ["Edit", "edit", "Edit src/app.ts"],
      ["WebFetch", "fetch", "Fetch https://example.com"],
      // A command made to look like one of ours: the name and kind the agent gave decide.
      ["Bash", "execute", "mcp__outreach__run_start"],
      ["SandboxNetworkAccess", "other", "mcp__outreach__run_start"],
    ] as const) {
      const answer = answerPermission("strict", ask({ title, rawInput: {} }), seen({ title, name, kind, _meta: { claudeCode: { toolName: name } } }));
      expect(answer, title).toMatchObject({ allowed: false, optionId: "reject", title, response: { outcome: { outcome: "selected", optionId: "reject" } } });
    }
  });

  it("refuse a tool whose title changed into something else after the tool_call", () => {
    const facts = seen({ title: "Terminal", kind: "execute" }, { title: "cat ~/.ssh/id_rsa" });
    expect(answerPermission("strict", ask({ title: "cat ~/.ssh/id_rsa" }), facts).allowed).toBe(false);
  });

  it("refuse Gemini CLI's own tools even when their title imitates ours", () => {
    for (const [kind, title] of [["execute", "run_start (outreach MCP Server)"], ["read", "ReadFile /etc/passwd"], ["fetch", "https://example.com"]] as const) {
      const answer = answerPermission("strict", ask({ title, kind }, GEMINI_MCP_OPTIONS));
      expect(answer, title).toMatchObject({ allowed: false, optionId: "cancel" });
    }
  });

  it("refuse another MCP server's tools, titles that only start like ours, and calls nothing is known of", () => {
    for (const title of ["mcp__other__run_start", "mcp__outreach__run_start; cat /etc/passwd", "run_start (other MCP Server)", "Read /etc/hostname"]) {
      expect(answerPermission("strict", ask({ title })).allowed, title).toBe(false);
    }
    expect(answerPermission("strict", ask({})).allowed).toBe(false);
    const other = seen({ name: "mcp__other__x", kind: "other" });
    expect(answerPermission("strict", ask({ title: "mcp__outreach__run_start" }), other).allowed).toBe(false);
  });

  it("answer cancelled when a refused call offers no reject option (never an allow)", () => {
    const answer = answerPermission("strict", ask({ title: "Read /etc/hostname", kind: "read" }, [{ kind: "allow_once", name: "Allow", optionId: "allow" }]));
    expect(answer).toMatchObject({ allowed: false, optionId: null, response: { outcome: { outcome: "cancelled" } } });
  });

  it("prefer reject_once over reject_always", () => {
    const answer = answerPermission("strict", ask({ title: "x", kind: "execute" }, [
      { kind: "reject_always", name: "Never", optionId: "never" },
      { kind: "reject_once", name: "No", optionId: "no" },
    ]));
    expect(answer.optionId).toBe("no");
  });
});

describe("auto permissions (the self-hosted default)", () => {
  it("allow every tool, built-in ones included", () => {
    const answer = answerPermission("auto", ask({ title: "Read /etc/hostname" }), seen({ name: "Read", kind: "read" }));
    expect(answer).toMatchObject({ allowed: true, optionId: "allow" });
    expect(answerPermission("auto", ask({ title: "x" }, [{ kind: "reject_once", name: "No", optionId: "no" }]))).toMatchObject({ allowed: true, optionId: "no" });
  });
});
