import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeToolCall, firstLine, ourToolName, parseToolOutput, type ToolCallInput } from "@/lib/runs/describe-tool-call";
import { TOOL_WORDS } from "@/lib/runs/tool-call-words";
import { draftKinds } from "@/lib/runs/tool-words/campaign-tools";

const call = (name: string, input: unknown, output: unknown, status: ToolCallInput["status"] = "completed"): ToolCallInput => ({
  name: null,
  title: `mcp__outreach__${name}`,
  toolKind: "other",
  status,
  input,
  output: output === null ? null : typeof output === "string" ? output : JSON.stringify(output),
  rawOutput: typeof output === "object" ? output : null,
});

describe("every tool of the agent tool server has words", () => {
  it("lists each tool registered in lib/mcp/tools", () => {
    const dir = path.join(process.cwd(), "lib/mcp/tools");
    const registered = readdirSync(dir)
      .filter((f) => f.endsWith(".ts"))
      .flatMap((f) => [...readFileSync(path.join(dir, f), "utf8").matchAll(/registerTool\(\s*"([a-z_]+)"/g)].map((m) => m[1]!));
    expect(registered.length).toBeGreaterThan(20);
    expect(registered.filter((t) => !TOOL_WORDS[t])).toEqual([]);
  });
});

describe("reply_draft_finish", () => {
  it("says the score and how the agent read the message it answered", () => {
    expect(describeToolCall(call("reply_draft_finish", { body: "Sure!", qualityScore: 81, intent: "not_now" }, { draftId: 1, version: 2 })).result).toBe("Quality 81/100 · read as not now");
    expect(describeToolCall(call("reply_draft_finish", { body: "Sure!", qualityScore: 81 }, { draftId: 1, version: 2 })).result).toBe("Quality 81/100");
  });
});

describe("ourToolName", () => {
  it("finds our tool in the ways agents name it, and nothing in a longer identifier", () => {
    expect(ourToolName(null, "mcp__outreach__drafts_create")).toBe("drafts_create");
    expect(ourToolName(null, "drafts_create (outreach MCP Server)")).toBe("drafts_create");
    expect(ourToolName("drafts_get", "Read drafts")).toBe("drafts_get");
    expect(ourToolName(null, "outreach: run_start")).toBe("run_start");
    expect(ourToolName(null, "my_run_start_helper")).toBeNull();
    expect(ourToolName(null, "`ls -la`")).toBeNull();
  });
});

describe("describeToolCall: the label and result a customer reads", () => {
  it("a forum scout: how many posts, where, and who is new", () => {
    const w = describeToolCall(
      call("forum_scout", { communities: ["warehouse"] }, {
        posts: Array.from({ length: 12 }, (_, i) => ({ community: "warehouse", author: `u${i}`, recentlyContacted: i < 2 })),
        excluded: { blocked: 1, deleted: 0, moderator: 2 },
        skippedCommunities: [],
        staged: 8,
      }),
    );
    expect(w).toEqual({ toolName: "forum_scout", label: "Looked at 12 posts in r/warehouse", result: "8 new people to consider · 2 contacted or drafted for recently · 3 left out (blocklist, bots, moderators)" });
    expect(describeToolCall(call("forum_scout", { communities: ["warehouse", "r/logistics"] }, null, "in_progress")).label).toBe("Looking at posts in r/warehouse and r/logistics");
  });

  it("a contact history check: how many people, and contacted (a message sent) apart from only drafted for", () => {
    const handles = ["ana", "bo", "cy", "dee", "eve", "fay", "gus", "hal"];
    const w = describeToolCall(
      call("contact_history_check", { handles }, {
        windowDays: 90,
        results: handles.map((h, i) => ({ handle: h, recentlyContacted: i < 3, source: i === 0 ? "draft" : i < 3 ? "contact_history" : null })),
      }),
    );
    expect(w.label).toBe("Checked 8 people against your contact history");
    expect(w.result).toBe("2 people contacted in the last 90 days: bo and cy · 1 person already drafted for: ana");
  });

  it("drafts_create: the drafts by kind, an A/B sibling once, and what was skipped", () => {
    const w = describeToolCall(
      call("drafts_create", { entries: [{ kind: "dm" }, { kind: "dm" }, { kind: "post_comment" }, { kind: "dm" }] }, {
        created: [
          { id: 1, kind: "dm", variantLabel: "A", dedupWarning: null },
          { id: 2, kind: "dm", variantLabel: "B", dedupWarning: null },
          { id: 3, kind: "dm", variantLabel: null, dedupWarning: { source: "contact_history" } },
          { id: 4, kind: "post_comment", variantLabel: null, dedupWarning: null },
        ],
        skipped: [{ index: 3, targetUser: "x", reason: "blocklisted" }],
        dedupSkipped: [],
      }),
    );
    expect(w.label).toBe("Drafted 3 messages (2 DMs, 1 comment)");
    expect(w.result).toBe("1 skipped: on the blocklist · 1 to people contacted before");
    expect(draftKinds(["dm", "dm", "dm"])).toBe("3 DMs");
  });

  it("run_finish carries the agent's summary", () => {
    expect(describeToolCall(call("run_finish", { summary: "Three DMs for review." }, { status: "success" })).label).toBe("Finished: Three DMs for review.");
  });

  it("a failed call says what could not be done, and the error without its code", () => {
    const w = describeToolCall(call("forum_scout", { communities: ["warehouse"] }, "upstream_error: The forum answered HTTP 503", "failed"));
    expect(w).toMatchObject({ label: "Could not look at posts in r/warehouse", result: "The forum answered HTTP 503" });
    expect(firstLine("internal_error: run_start failed; the error was logged")).toBe("Something went wrong on the service's side; it was logged.");
  });

  it("an answer it cannot read (text, an older log) still gets words from the input", () => {
    const w = describeToolCall(call("drafts_create", { drafts: [{ kind: "dm" }, { kind: "dm" }] }, "Created 2 drafts: #4, #5"));
    expect(w).toEqual({ toolName: "drafts_create", label: "Drafted 2 DMs", result: null });
  });

  it("another tool falls back on its ACP kind, with its first line of output as the result", () => {
    const w = describeToolCall({ name: null, title: "`ls -la`", toolKind: "execute", status: "completed", input: { command: "ls -la" }, output: "total 8\nplaybook.md", rawOutput: null });
    expect(w).toEqual({ toolName: null, label: "Ran a command", result: "total 8" });
    expect(describeToolCall({ name: null, title: "Read /etc/hosts", toolKind: "read", status: "failed", input: {}, output: "Permission denied", rawOutput: null }).label).toBe("Could not read a file");
    expect(describeToolCall({ name: null, title: "Something", toolKind: null, status: "pending", input: {}, output: null, rawOutput: null }).label).toBe("Using a tool");
  });
});

describe("parseToolOutput", () => {
  it("reads an object, MCP content, or JSON text", () => {
    expect(parseToolOutput({ a: 1 }, null)).toEqual({ a: 1 });
    expect(parseToolOutput({ content: [{ type: "text", text: '{"b":2}' }] }, null)).toEqual({ b: 2 });
    expect(parseToolOutput([{ type: "text", text: '{"c":3}' }], null)).toEqual({ c: 3 });
    expect(parseToolOutput(null, '{"d":4}')).toEqual({ d: 4 });
    expect(parseToolOutput(null, "not json")).toBeNull();
  });
});
