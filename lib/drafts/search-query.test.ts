import { describe, expect, it } from "vitest";
import { toSearchQuery } from "@/lib/drafts/search-query";

describe("toSearchQuery", () => {
  it("makes every word a prefix match, all required", () => {
    expect(toSearchQuery("Jane  flaky CI")).toBe("jane:* & flaky:* & ci:*");
  });
  it("keeps handles whole and drops tsquery operators", () => {
    expect(toSearchQuery("dana_42 & !(x|y):*")).toBe("dana_42:* & xy:*");
    expect(toSearchQuery("@jane.doe.")).toBe("jane.doe:*");
  });
  it("is null when nothing searchable is left", () => {
    expect(toSearchQuery("")).toBeNull();
    expect(toSearchQuery("  &| !  ")).toBeNull();
    expect(toSearchQuery(undefined)).toBeNull();
  });
  it("keeps letters of any script", () => {
    expect(toSearchQuery("Müller café")).toBe("müller:* & café:*");
  });
});
