import { describe, expect, it } from "vitest";
import type { RunLogEvent } from "@/lib/events/types";
import { buildRunLog, formatOffset, isTechnicalItem, mergeRunEvents } from "@/lib/runs/build-run-log";

let seq = 0;
function ev(type: string, payload: Record<string, unknown>, tUs = seq * 1000): RunLogEvent {
  seq += 1;
  return { id: seq, runId: 1, seq, type, payload: { tUs, ...payload }, at: new Date(0).toISOString(), tUs };
}
const chunk = (text: string, messageId?: string) => ev("message_chunk", messageId ? { text, messageId } : { text });

describe("buildRunLog", () => {
  it("words each tool call from its final input and answer, and folds the machinery under technical details", () => {
    seq = 0;
    const log = buildRunLog([
      ev("lifecycle", { phase: "spawned", detail: "node agent.mjs" }),
      ev("tool_call", { toolCallId: "c", title: "mcp__outreach__contact_history_check", kind: "other", status: "pending", rawInput: { handles: ["a", "b"] } }),
      ev("stderr", { text: "warn" }),
      ev("tool_call_update", { toolCallId: "c", status: "completed", text: '{"windowDays":90,"results":[]}', rawOutput: { windowDays: 90, results: [] } }),
      ev("usage", { used: 10, size: 100 }),
    ]);
    const tool = log.find((i) => i.kind === "tool");
    expect(tool).toMatchObject({ toolName: "contact_history_check", label: "Checked 2 people against your contact history", result: "Nobody was contacted or drafted for in the last 90 days" });
    expect(log.filter((i) => !isTechnicalItem(i)).map((i) => i.kind)).toEqual(["tool"]);
    expect(log.filter(isTechnicalItem).map((i) => i.kind)).toEqual(["lifecycle", "stderr", "usage"]);
  });

  it("coalesces message chunks into one bubble per turn; a tool call ends the turn", () => {
    seq = 0;
    const log = buildRunLog([
      ev("lifecycle", { phase: "prompt_sent" }),
      chunk("Looking "),
      chunk("for threads"),
      chunk("."),
      ev("tool_call", { toolCallId: "a", title: "forum_scout", status: "pending", rawInput: { q: "ci" } }),
      chunk("Found "),
      chunk("three."),
    ]);
    expect(log.map((i) => i.kind)).toEqual(["lifecycle", "message", "tool", "message"]);
    expect(log[1]).toMatchObject({ text: "Looking for threads.", tUs: 1000, endUs: 3000 });
    expect(log[3]).toMatchObject({ text: "Found three." });
  });

  it("splits on a lifecycle marker and on a messageId change, not on a missing messageId", () => {
    seq = 0;
    const log = buildRunLog([
      chunk("one ", "m1"),
      chunk("more", undefined),
      chunk("two", "m2"),
      ev("lifecycle", { phase: "stopped", stopReason: "end_turn" }),
      chunk("three", "m2"),
    ]);
    const messages = log.filter((i) => i.kind === "message");
    expect(messages.map((m) => m.text)).toEqual(["one more", "two", "three"]);
    expect(log.find((i) => i.kind === "lifecycle")).toMatchObject({ phase: "stopped", stopReason: "end_turn" });
  });

  it("keeps the bubble open across a thought, and merges consecutive thought chunks", () => {
    seq = 0;
    const log = buildRunLog([ev("thought", { text: "Plan: " }), ev("thought", { text: "search first" }), chunk("Hi "), ev("thought", { text: "hmm" }), chunk("there")]);
    expect(log.map((i) => i.kind)).toEqual(["thought", "message", "thought"]);
    expect(log[0]).toMatchObject({ text: "Plan: search first" });
    expect(log[1]).toMatchObject({ text: "Hi there" });
  });

  it("pairs a tool call with its updates by toolCallId as one row: status, title, input and latest output", () => {
    seq = 0;
    const log = buildRunLog([
      ev("tool_call", { toolCallId: "a", title: "drafts_create", name: "mcp__outreach__drafts_create", kind: "other", rawInput: { drafts: [1] } }),
      ev("tool_call", { toolCallId: "b", title: "blocklist_check", rawInput: { user: "x" } }),
      ev("tool_call_update", { toolCallId: "a", status: "in_progress" }),
      ev("tool_call_update", { toolCallId: "b", status: "failed", text: "blocked" }),
      ev("tool_call_update", { toolCallId: "a", status: "completed", text: "Created 2 drafts", rawOutput: { ids: [4, 5] }, title: "drafts_create (2)" }),
    ]);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      kind: "tool",
      toolCallId: "a",
      title: "drafts_create (2)",
      name: "mcp__outreach__drafts_create",
      toolKind: "other",
      status: "completed",
      input: { drafts: [1] },
      output: "Created 2 drafts",
      rawOutput: { ids: [4, 5] },
      tUs: 0,
      endUs: 4000,
    });
    expect(log[1]).toMatchObject({ toolCallId: "b", status: "failed", output: "blocked", endUs: 3000 });
  });

  it("a repeated tool_call refines the same row; an update without a call gets a row of its own", () => {
    seq = 0;
    const log = buildRunLog([
      ev("tool_call", { toolCallId: "a", title: "Read file" }),
      ev("tool_call", { toolCallId: "a", title: "Read README.md", rawInput: { path: "README.md" }, status: "in_progress" }),
      ev("tool_call_update", { toolCallId: "z", status: "completed", text: "ok" }),
    ]);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ title: "Read README.md", input: { path: "README.md" }, status: "in_progress" });
    expect(log[1]).toMatchObject({ toolCallId: "z", title: "Tool call", status: "completed", output: "ok" });
  });

  it("groups consecutive stderr lines, keeps the latest of back-to-back usage and plan events", () => {
    seq = 0;
    const log = buildRunLog([
      ev("stderr", { text: "warn: a\n" }),
      ev("stderr", { text: "warn: b\nwarn: c" }),
      ev("usage", { inputTokens: 10, outputTokens: 2 }),
      ev("usage", { inputTokens: 30, outputTokens: 9, costUsd: 0.01 }),
      ev("plan", { entries: [{ content: "Scout", status: "in_progress" }] }),
      ev("plan", { entries: [{ content: "Scout", status: "completed" }, { content: "Draft", status: "pending" }] }),
    ]);
    expect(log.map((i) => i.kind)).toEqual(["stderr", "usage", "plan"]);
    expect(log[0]).toMatchObject({ lines: ["warn: a", "warn: b", "warn: c"] });
    expect(log[1]).toMatchObject({ inputTokens: 30, outputTokens: 9, costUsd: 0.01 });
    expect(log[2]).toMatchObject({ entries: [{ content: "Scout", status: "completed" }, { content: "Draft", status: "pending" }] });
  });

  it("orders by seq whatever order the events came in, and skips unknown types", () => {
    seq = 0;
    const a = chunk("A");
    const b = ev("future_type", {});
    const c = chunk("B");
    expect(buildRunLog([c, b, a])).toMatchObject([{ kind: "message", text: "AB" }]);
    expect(buildRunLog([])).toEqual([]);
  });
});

describe("mergeRunEvents", () => {
  it("appends new events, drops seqs already present and sorts late arrivals", () => {
    seq = 0;
    const [e1, e2, e3, e4] = [chunk("1"), chunk("2"), chunk("3"), chunk("4")];
    const base = mergeRunEvents([], [e1!, e2!]);
    expect(mergeRunEvents(base, [e2!]).map((e) => e.seq)).toEqual([1, 2]);
    expect(mergeRunEvents(base, [e4!, e3!, e2!]).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(mergeRunEvents(base, [])).toBe(base);
  });
});

describe("formatOffset", () => {
  it("renders microseconds as a relative time with millisecond precision", () => {
    expect(formatOffset(0)).toBe("+0.000 s");
    expect(formatOffset(1_234_567)).toBe("+1.235 s");
    expect(formatOffset(59_999_000)).toBe("+59.999 s");
    expect(formatOffset(123_456_000)).toBe("+2 m 03.456 s");
  });
});
