import { describe, expect, it } from "vitest";
import { mergeFreshPage } from "@/lib/drafts/merge-fresh-page";

const d = (id: number, version = 1, state = "pending_review") => ({ id, version, state });

describe("mergeFreshPage", () => {
  it("adds drafts new to the view where the fresh page puts them, and keeps every loaded row in its place", () => {
    // Newest first: 9 and 8 arrived from a run; 5 was approved here and left the Needs review tab.
    const loaded = [d(7), d(5, 2, "approved"), d(3)];
    const fresh = [d(9), d(8), d(7), d(3)];
    expect(mergeFreshPage(loaded, fresh).map((r) => r.id)).toEqual([9, 8, 7, 5, 3]);
    expect(mergeFreshPage(loaded, fresh).find((r) => r.id === 5)?.state).toBe("approved");
  });

  it("puts a new draft between loaded rows, or at the end after the last of them", () => {
    expect(mergeFreshPage([d(7), d(3)], [d(7), d(5), d(3), d(1)]).map((r) => r.id)).toEqual([7, 5, 3, 1]);
  });

  it("keeps the later copy of a row: a stale read never undoes a decision made here", () => {
    const merged = mergeFreshPage([d(4, 3, "approved")], [d(4, 2, "pending_review")]);
    expect(merged).toEqual([d(4, 3, "approved")]);
    expect(mergeFreshPage([d(4, 2)], [d(4, 3, "rejected")])).toEqual([d(4, 3, "rejected")]);
  });

  it("an empty view takes the fresh page as it is", () => {
    expect(mergeFreshPage([], [d(2), d(1)]).map((r) => r.id)).toEqual([2, 1]);
  });
});
