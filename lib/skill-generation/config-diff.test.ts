import { describe, expect, it } from "vitest";
import { configDiff } from "./config-diff";

describe("configDiff", () => {
  it("marks removed and added lines and keeps the unchanged ones as context", () => {
    const lines = configDiff({ tone: "Friendly", maxDraftsPerRun: 3 }, { tone: "Plain", maxDraftsPerRun: 3 });
    expect(lines).toEqual([
      { type: "same", text: "{" },
      { type: "same", text: '  "maxDraftsPerRun": 3,' },
      { type: "removed", text: '  "tone": "Friendly"' },
      { type: "added", text: '  "tone": "Plain"' },
      { type: "same", text: "}" },
    ]);
  });

  it("ignores key order and shows array items one per line", () => {
    expect(configDiff({ b: 1, a: 2 }, { a: 2, b: 1 }).every((l) => l.type === "same")).toBe(true);
    const lines = configDiff({ communities: ["devops"] }, { communities: ["devops", "sre"] });
    expect(lines.filter((l) => l.type !== "same")).toEqual([
      { type: "removed", text: '    "devops"' },
      { type: "added", text: '    "devops",' },
      { type: "added", text: '    "sre"' },
    ]);
  });

  it("treats a missing previous config as empty", () => {
    const lines = configDiff(null, { tone: "Plain" });
    expect(lines).toEqual([
      { type: "removed", text: "{}" },
      { type: "added", text: "{" },
      { type: "added", text: '  "tone": "Plain"' },
      { type: "added", text: "}" },
    ]);
  });
});
