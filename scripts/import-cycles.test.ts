// The layers read one way: no file of the app imports itself back through a chain of runtime imports.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findCycles, importGraph } from "./import-graph";

const root = path.resolve(import.meta.dirname, "..");

describe("import cycles", () => {
  it("finds a cycle when there is one (the check itself works)", () => {
    const a = path.join(root, "a.ts");
    const b = path.join(root, "b.ts");
    const c = path.join(root, "c.ts");
    expect(findCycles(new Map([[a, [b]], [b, [c]], [c, [a]]]), root)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
    expect(findCycles(new Map([[a, [b]], [b, [c]], [c, []]]), root)).toEqual([]);
  });

  it("lib/, app/, scripts/, the relay, the Trigger.dev tasks and the extension have none", () => {
    const graph = importGraph(root, ["lib", "app", "bin", "scripts", "runner-relay", "trigger", "extension/src"]);
    expect(graph.size).toBeGreaterThan(300);
    expect(findCycles(graph, root)).toEqual([]);
  });
});
