import { describe, expect, it } from "vitest";
import { editDistance, medianEditDistance } from "./edit-distance";

describe("editDistance", () => {
  it("counts single-character edits", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
    expect(editDistance("flaw", "lawn")).toBe(2);
  });

  it("costs the changed sentence, not the whole message", () => {
    const head = "Hi there, I saw your post about invoicing. ";
    const tail = " Happy to share more if useful.";
    expect(editDistance(`${head}Our tool is the best.${tail}`, `${head}We built a small tool.${tail}`)).toBe(
      editDistance("Our tool is the best.", "We built a small tool."),
    );
  });

  it("answers a bound for two long texts that differ throughout", () => {
    expect(editDistance("a".repeat(6000), "b".repeat(5000))).toBe(6000);
  });
});

describe("medianEditDistance", () => {
  it("counts the unedited sent drafts as zeros", () => {
    expect(medianEditDistance([10, 20], 5)).toBe(0);
    expect(medianEditDistance([10, 20, 30], 4)).toBe(15);
    expect(medianEditDistance([7], 1)).toBe(7);
    expect(medianEditDistance([], 0)).toBeNull();
  });
});
