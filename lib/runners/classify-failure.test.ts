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

  // What the Gemini CLI 0.61 does here with no key (seen by running `gemini --acp` with an empty HOME): it answers
  // session/new with ACP error -32000, logs the request to stderr, and exits 0 once its stdin is closed.
  const GEMINI_NO_KEY = {
    exitCode: 0,
    stopReason: null,
    exitedEarly: false,
    texts: [
      "Error handling request {\n  jsonrpc: '2.0',\n  id: 1,\n  method: 'session/new',\n  params: { cwd: '/tmp/outreach-run-7-x', mcpServers: [] }\n} {\n  code: -32000,\n  message: 'Gemini API key is missing or not configured.',\n  data: undefined\n}",
      "Gemini API key is missing or not configured.",
    ],
  };

  it("calls a Gemini CLI without an API key auth_expired, by its words and by its ACP error code", () => {
    expect(classifyFailure(facts({ ...GEMINI_NO_KEY, acpErrorCode: -32000 }))).toBe("auth_expired");
    expect(classifyFailure(facts(GEMINI_NO_KEY))).toBe("auth_expired");
    // The code alone is enough: ACP reserves -32000 for "authentication required", whatever the message says.
    expect(classifyFailure(facts({ exitCode: 0, exitedEarly: false, acpErrorCode: -32000, texts: ["Session could not start."] }))).toBe("auth_expired");
  });

  it("recognises missing credentials in the words of the agents' own CLIs", () => {
    const texts = [
      // Gemini CLI
      "When using Gemini API, you must specify the GEMINI_API_KEY environment variable.\nUpdate your environment and try again (no reload needed if using .env)!",
      "Please set an Auth method in your /root/.gemini/settings.json or specify one of the following environment variables before running: GEMINI_API_KEY, GOOGLE_GENAI_USE_VERTEXAI, GOOGLE_GENAI_USE_GCA",
      // ACP's auth_required error as the SDK words it
      "Authentication required",
      // Codex
      "Missing environment variable: `OPENAI_API_KEY`.",
      "Missing environment variable: `CODEX_API_KEY`.",
      "Missing OpenAI API key.\n\nSet the environment variable OPENAI_API_KEY and re-run this command.",
      "OpenAI API key is missing. Pass it using the 'apiKey' parameter or the OPENAI_API_KEY environment variable.",
      // Claude Code
      "Invalid API key · Please run /login",
      "Missing API key · Run /login",
      "Error: Could not resolve authentication method. Expected either apiKey or authToken to be set.",
      "Error: Failed to get auth headers: No API key available",
    ];
    for (const t of texts) {
      expect(classifyFailure(facts({ exitCode: 0, exitedEarly: false, texts: [t] })), t).toBe("auth_expired");
    }
  });

  it("does not call other JSON-RPC errors or the mere mention of a key an auth failure", () => {
    expect(classifyFailure(facts({ exitCode: 0, exitedEarly: false, acpErrorCode: -32603, texts: ["Internal error"] }))).toBe("unknown");
    expect(classifyFailure(facts({ exitCode: 0, exitedEarly: false, texts: ["Drafted a reply about rotating the API key monthly"] }))).toBe("unknown");
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
