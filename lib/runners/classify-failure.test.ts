import { describe, expect, it } from "vitest";
import { classifyFailure, type FailureFacts } from "@/lib/runners/classify-failure";

const facts = (f: Partial<FailureFacts>): FailureFacts => ({ exitCode: 1, stopReason: null, timedOut: false, exitedEarly: true, texts: [], ...f });
const STACK = "TypeError: Cannot read properties of undefined (reading 'x')\n    at Object.<anonymous> (/app/playbook.js:12:5)\n    at Module._compile (node:internal/modules/cjs/loader:1256:14)";

describe("classifyFailure", () => {
  it("names a missing runner before a stack trace (SPEC ordering)", () => {
    const enoent = "Error: spawn claude ENOENT\n    at ChildProcess._handle.onexit (node:internal/child_process:284:19)";
    expect(classifyFailure(facts({ exitCode: 127, texts: [enoent] }))).toBe("runner_missing");
    expect(classifyFailure(facts({ exitCode: 127, texts: ["sh: 1: gemini: command not found"] }))).toBe("runner_missing");
  });

  it("only calls ENOENT a missing runner on a non-zero exit", () => {
    expect(classifyFailure(facts({ exitCode: 0, stopReason: "end_turn", texts: ["ENOENT reading cache"] }))).toBe("unknown");
  });

  it("recognises expired credentials", () => {
    for (const t of ["Error: 401 Unauthorized", "OAuth token has expired", "Authentication failed", "HTTP 403 from the API"]) {
      expect(classifyFailure(facts({ texts: [t] })), t).toBe("auth_expired");
    }
  });

  it("does not take words that merely contain 'auth' for an auth failure", () => {
    expect(classifyFailure(facts({ texts: ["the author of the post"] }))).toBe("agent_crashed");
  });

  it("recognises quota and rate limits", () => {
    expect(classifyFailure(facts({ texts: ["You have exceeded your quota"] }))).toBe("quota_exhausted");
    expect(classifyFailure(facts({ texts: ["429 Too Many Requests: rate limit reached"] }))).toBe("quota_exhausted");
  });

  it("recognises Node and Python stack traces on a non-zero exit", () => {
    expect(classifyFailure(facts({ texts: [STACK] }))).toBe("playbook_error");
    expect(classifyFailure(facts({ texts: ['Traceback (most recent call last):\n  File "x.py", line 1'] }))).toBe("playbook_error");
    expect(classifyFailure(facts({ exitCode: 0, stopReason: "end_turn", texts: [STACK] }))).toBe("unknown");
  });

  it("recognises network failures", () => {
    for (const t of ["connect ECONNREFUSED 127.0.0.1:443", "TypeError: fetch failed", "getaddrinfo ENOTFOUND api.example", "socket hang up"]) {
      expect(classifyFailure(facts({ exitCode: 0, stopReason: "end_turn", texts: [t] })), t).toBe("network");
    }
  });

  it("calls an exit without a stop reason a crash, and a timeout a timeout", () => {
    expect(classifyFailure(facts({ exitCode: 3 }))).toBe("agent_crashed");
    expect(classifyFailure(facts({ exitCode: null, timedOut: true, texts: ["401"] }))).toBe("agent_timeout");
  });

  it("falls back to unknown", () => {
    expect(classifyFailure(facts({ exitCode: 1, stopReason: "refusal", texts: ["nothing useful"] }))).toBe("unknown");
    // The agent answered the prompt with an error and was then stopped by us: not a crash.
    expect(classifyFailure(facts({ exitCode: 0, exitedEarly: false, texts: ["Internal error"] }))).toBe("unknown");
  });
});
