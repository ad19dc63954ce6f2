import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issueSentence } from "./issue-sentence";

const sentences = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error("expected a failure");
  return r.error.issues.map(issueSentence);
};

describe("issueSentence", () => {
  it("turns zod's default messages into sentences naming the field", () => {
    const schema = z
      .object({
        name: z.string().trim().min(1).max(5),
        expiresInDays: z.number().int().min(1),
        role: z.enum(["owner", "member"]),
        ids: z.array(z.number()).min(1),
        at: z.iso.datetime(),
      })
      .strict();
    expect(sentences(schema, { name: "  ", expiresInDays: 0, role: "boss", ids: [], at: "soon", extra: 1 })).toEqual([
      "Name is required.",
      "Expires in days must be at least 1.",
      "Role must be one of: owner, member.",
      "Ids needs at least 1 item.",
      "At is not a valid date and time.",
      '"extra" is not accepted here.',
    ]);
    expect(sentences(schema.pick({ name: true }), { name: "toolong" })).toEqual(["Name must be at most 5 characters."]);
    expect(sentences(z.object({ n: z.number() }), {})).toEqual(["N is required."]);
    expect(sentences(z.object({ n: z.number() }), { n: "x" })).toEqual(["N must be a number."]);
  });

  it("keeps the messages our schemas wrote", () => {
    expect(sentences(z.object({ name: z.string().min(1, "Give the organization a name") }), { name: "" })).toEqual(["Give the organization a name"]);
  });
});
