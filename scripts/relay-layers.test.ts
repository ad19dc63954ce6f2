// The cloud runner has two ends that share one module: the relay service (runner-relay/) and the dashboard's side
// (lib/runners/cloud, lib/cloud-runner-tokens). What both speak (the frame catalogue, the frame channel, the token
// format, the usage and revocation reports) lives in lib/relay-protocol/, so neither end imports the other: the
// dashboard never depends on the service's code, and the service reaches into lib/ only for that module and the
// generic ACP runner it runs agents with. Type-only imports count too: they couple the two just the same.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectImports } from "./import-graph";

const root = path.resolve(import.meta.dirname, "..");

/** What the relay may use of lib/ besides the shared module: the generic ACP runner and what it is started with. */
const ACP_RUNNER = [
  "lib/runners/acp-runner.ts",
  "lib/runners/agent-env.ts",
  "lib/runners/backends.ts",
  "lib/runners/session-meta.ts",
  "lib/runners/price-run.ts",
  // The name agents see for the dashboard's tool server: the relay must name it as a local run does.
  "lib/mcp/tool-server-name.ts",
];

describe("the relay's layers", () => {
  const edges = projectImports(root, ["lib", "app", "runner-relay"]);

  it("lib/ and app/ never import from runner-relay/", () => {
    const wrong = edges.filter((e) => /^(lib|app)\//.test(e.from) && e.to.startsWith("runner-relay/"));
    expect(wrong).toEqual([]);
  });

  it("runner-relay/ imports from lib/ only lib/relay-protocol/ and the generic ACP runner", () => {
    const intoLib = edges.filter((e) => e.from.startsWith("runner-relay/") && e.to.startsWith("lib/"));
    expect(intoLib.map((e) => e.to)).toContain("lib/relay-protocol/protocol.ts");
    const wrong = intoLib.filter((e) => !e.to.startsWith("lib/relay-protocol/") && !ACP_RUNNER.includes(e.to));
    expect(wrong).toEqual([]);
  });

  it("the shared module depends on nothing of either end", () => {
    const shared = edges.filter((e) => e.from.startsWith("lib/relay-protocol/"));
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.filter((e) => !e.to.startsWith("lib/relay-protocol/"))).toEqual([]);
  });

  it("both ends use it: the dashboard's cloud runner and the relay", () => {
    const users = edges.filter((e) => e.to.startsWith("lib/relay-protocol/") && !e.from.startsWith("lib/relay-protocol/")).map((e) => e.from);
    expect(users).toContain("lib/runners/cloud/run-cloud-agent.ts");
    expect(users).toContain("runner-relay/relay-server.ts");
  });
});
