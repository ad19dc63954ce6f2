import { describe, expect, it } from "vitest";
import { neutralizeCell } from "@/lib/export/neutralize-cell";

describe("neutralizeCell", () => {
  it("prefixes cells a spreadsheet would evaluate", () => {
    for (const v of ["=SUM(A1:A9)", "+1", "-2+3", "@cmd", "\tx", "\rx"]) expect(neutralizeCell(v)).toBe(`'${v}`);
  });

  it("leaves everything else alone", () => {
    for (const v of ["hello = world", "", "'quoted", "a,b", "100%"]) expect(neutralizeCell(v)).toBe(v);
  });
});
