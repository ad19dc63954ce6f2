import { describe, expect, it } from "vitest";
import { wordDiff } from "./word-diff";

describe("wordDiff", () => {
  it("marks the words a reviewer changed and keeps the rest", () => {
    expect(wordDiff("Our tool is the best on the market.", "Our tool might help here.")).toBe("Our tool [-is the best on the market.-]{+might help here.+}");
    expect(wordDiff("Hi there, check out our product!", "Hi there, check out our product")).toBe("Hi there, check out our [-product!-]{+product+}");
    expect(wordDiff("a b c", "a x c")).toBe("a [-b -]{+x +}c");
  });

  it("answers the text unchanged when nothing changed", () => {
    expect(wordDiff("same words", "same words")).toBe("same words");
  });
});
