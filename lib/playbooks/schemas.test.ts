import { describe, expect, it } from "vitest";
import { playbookExcerpt, ZPlaybookCreate, ZPlaybookPatch, ZPlaybookSlug } from "@/lib/playbooks/schemas";

describe("playbook schemas", () => {
  it("slugs are lowercase words joined by single dashes", () => {
    for (const ok of ["forum-scout", "my-scout-2", "a1"]) expect(ZPlaybookSlug.safeParse(ok).success, ok).toBe(true);
    for (const bad of ["Forum-Scout", "forum--scout", "-scout", "scout-", "forum scout", "x", "../etc", "a".repeat(65)]) {
      expect(ZPlaybookSlug.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("a body is at most 200 KB, counted in bytes", () => {
    const base = { slug: "s-1", title: "t" };
    expect(ZPlaybookCreate.safeParse({ ...base, body: "x".repeat(200 * 1024) }).success).toBe(true);
    expect(ZPlaybookCreate.safeParse({ ...base, body: "x".repeat(200 * 1024 + 1) }).success).toBe(false);
    // 70,000 three-byte characters are 210,000 bytes.
    expect(ZPlaybookCreate.safeParse({ ...base, body: "€".repeat(70_000) }).success).toBe(false);
  });

  it("create or duplicate, never both; a patch must change something", () => {
    expect(ZPlaybookCreate.safeParse({ duplicateOf: 3 }).success).toBe(true);
    expect(ZPlaybookCreate.safeParse({ duplicateOf: 3, slug: "a-b" }).success).toBe(false);
    expect(ZPlaybookPatch.safeParse({}).success).toBe(false);
    expect(ZPlaybookPatch.safeParse({ isBuiltin: false }).success).toBe(false);
    expect(ZPlaybookPatch.safeParse({ title: "New" }).success).toBe(true);
  });

  it("the excerpt is the first prose line, shortened", () => {
    expect(playbookExcerpt("# Title\n\n## Goal\n\nFind people who asked.\nMore.")).toBe("Find people who asked.");
    expect(playbookExcerpt("# Only a heading\n")).toBe("");
    const long = playbookExcerpt(`# T\n\n${"word ".repeat(100)}`);
    expect(long.length).toBe(160);
    expect(long.endsWith("…")).toBe(true);
  });
});
