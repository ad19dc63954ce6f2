// The relay is compute-only: nothing it runs can open the dashboard's database or read its data. Its import graph
// is the proof (a module it never loads cannot run).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { reachableFrom } from "@/scripts/import-graph";

const root = path.resolve(import.meta.dirname, "..");

describe("runner-relay", () => {
  it("never loads the database client, the data layer or a database driver", () => {
    const { files, packages } = reachableFrom(root, "runner-relay/main.ts");
    expect(files).toContain("runner-relay/relay-server.ts");
    expect(files).toContain("lib/runners/acp-runner.ts");
    expect(files.filter((f) => /^lib\/(db|events|jobs|mcp\/tools|runs|drafts|notifications|webhooks)\//.test(f) || f.startsWith("lib/generated/"))).toEqual([]);
    expect(packages.filter((p) => ["pg", "@prisma/client", "@prisma/adapter-pg", "graphile-worker", "next", "next-auth"].includes(p))).toEqual([]);
    expect(packages).toContain("ws");
  });
});
