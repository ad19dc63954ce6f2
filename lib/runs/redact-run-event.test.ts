import { describe, expect, it } from "vitest";
import { HIDDEN_PATH, redactRunEventPayload, redactServerPaths } from "@/lib/runs/redact-run-event";

describe("redactRunEventPayload: what a cloud customer's browser may receive", () => {
  it("drops the agent's command line, process id and session id", () => {
    expect(redactRunEventPayload("lifecycle", { phase: "spawned", detail: "/usr/bin/node /srv/app/e2e/fixtures/fake-acp-agent.mjs", pid: 4242, tUs: 10 })).toEqual({ phase: "spawned", tUs: 10 });
    expect(redactRunEventPayload("lifecycle", { phase: "session_created", detail: "fake-session-0b1c" })).toEqual({ phase: "session_created" });
    expect(redactRunEventPayload("lifecycle", { phase: "stopped", stopReason: "end_turn" })).toEqual({ phase: "stopped", stopReason: "end_turn" });
  });

  it("replaces server paths anywhere in the payload: stderr, errors, a tool's input", () => {
    expect(redactRunEventPayload("stderr", { text: "Error: Cannot find module '/srv/outreach/node_modules/x/index.js'" })).toEqual({ text: `Error: Cannot find module '${HIDDEN_PATH}'` });
    expect(redactRunEventPayload("tool_call", { title: "Read /etc/hosts", rawInput: { path: "/tmp/outreach-run-5/playbook.md", nested: ["C:\\agents\\run.cmd"] } })).toEqual({
      title: `Read ${HIDDEN_PATH}`,
      rawInput: { path: HIDDEN_PATH, nested: [HIDDEN_PATH] },
    });
  });

  it("leaves web addresses, community names and ordinary words alone", () => {
    const text = "Read https://forum.example/r/usr/comments/1 and r/warehouse, 3/4 done, see /inbox";
    expect(redactServerPaths(text)).toBe(text);
    expect(redactServerPaths("spawn /usr/local/bin/claude ENOENT")).toBe(`spawn ${HIDDEN_PATH} ENOENT`);
    expect(redactServerPaths("data in .data/embedded")).toBe(`data in ${HIDDEN_PATH}`);
  });
});
