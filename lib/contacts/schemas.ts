// Input schemas of the contacts domain: a person marks a contact opted out by hand, or undoes it.
import { z } from "zod";

export const ZContactPatch = z
  .object({
    optedOut: z.boolean().describe("true: the person asked not to be contacted (no new drafts, pending ones held); false: undo"),
  })
  .strict();
export type ContactPatch = z.infer<typeof ZContactPatch>;
