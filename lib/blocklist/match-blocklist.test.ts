import { describe, expect, it } from "vitest";
import { matchBlocklist, type BlocklistRule } from "@/lib/blocklist/match-blocklist";

const rules: BlocklistRule[] = [
  { id: 1, type: "user", value: "spammer", projectId: null },
  { id: 2, type: "community", value: "r/nosolicit", projectId: 7 },
  { id: 3, type: "keyword", value: "crypto", projectId: null },
  { id: 4, type: "keyword", value: "c++", projectId: null },
];

describe("matchBlocklist", () => {
  it("matches handles whatever their prefix or case", () => {
    for (const u of ["spammer", "u/Spammer", "@SPAMMER", "/u/spammer"]) {
      expect(matchBlocklist(rules, { targetUser: u, texts: [] })?.entryId).toBe(1);
    }
    expect(matchBlocklist(rules, { targetUser: "spammer2", texts: [] })).toBeNull();
  });

  it("matches communities with or without r/ and names the scope", () => {
    const hit = matchBlocklist(rules, { targetUser: "x", targetCommunity: "NoSolicit", texts: [] });
    expect(hit).toMatchObject({ entryId: 2, scope: "project" });
    expect(hit?.message).toBe(`Community "r/nosolicit" is on this project's blocklist`);
  });

  it("matches keywords as whole words, case-insensitively, in any text", () => {
    expect(matchBlocklist(rules, { targetUser: "x", texts: ["ok", "Buy CRYPTO now"] })?.entryId).toBe(3);
    expect(matchBlocklist(rules, { targetUser: "x", texts: ["cryptography is fun"] })).toBeNull();
    expect(matchBlocklist(rules, { targetUser: "x", texts: ["I write C++ daily"] })?.entryId).toBe(4);
    expect(matchBlocklist(rules, { targetUser: "x", texts: ["plain words"] })).toBeNull();
  });
});
