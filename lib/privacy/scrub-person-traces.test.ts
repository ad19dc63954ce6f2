import { describe, expect, it } from "vitest";
import { scrubString } from "./scrub-person-traces";

describe("scrubString", () => {
  it("takes the handle out in any case and with its u/ or @ prefix, as a whole word only", () => {
    expect(scrubString("Writing to @Erin_K now; u/erin_k and /u/ERIN_K too.", "erin_k", [])).toBe("Writing to [erased] now; [erased] and [erased] too.");
    // Another person whose handle starts or ends the same way is left alone.
    expect(scrubString("erin_kate and kerin_k and erin_k2", "erin_k", [])).toBe("erin_kate and kerin_k and erin_k2");
    // Punctuation around it still counts as a boundary.
    expect(scrubString("(erin_k), \"erin_k\".", "erin_k", [])).toBe("([erased]), \"[erased]\".");
  });

  it("takes their words out, longest first, and leaves the rest of the text", () => {
    const words = "I moved to 12 Quiet Lane last spring";
    expect(scrubString(`They wrote: ${words}. Reply soon.`, "erin_k", ["12 Quiet Lane", words])).toBe("They wrote: [erased]. Reply soon.");
  });

  it("treats a handle with regular-expression characters literally", () => {
    expect(scrubString("a.b+c and aXb+c", "a.b+c", [])).toBe("[erased] and aXb+c");
  });
});
