// Inputs of people's data requests (docs/privacy.md): one person is a platform and a handle, in any spelling the
// platform uses ("u/Alice", "@alice", "alice" are the same person).
import { z } from "zod";
import { ZText } from "@/lib/http/fields";
import { PLATFORMS } from "@/lib/campaigns/catalog";

export const ZHandle = ZText.trim()
  .min(1)
  .max(200)
  .refine((h) => h.replace(/^(?:\/?u\/|@)/i, "").length > 0, { message: "must name a person, not only a prefix" })
  .describe("The person's handle on the platform, with or without its u/ or @ prefix; compared without case");

export const ZPersonQuery = z
  .object({
    platform: z.enum(PLATFORMS).describe("The platform the handle belongs to"),
    handle: ZHandle,
    format: z.enum(["json", "html"]).default("json").describe("json (default): the machine-readable export; html: the same as a readable page"),
  })
  .strict();
export type PersonQuery = z.infer<typeof ZPersonQuery>;

export const ZErasePersonBody = z
  .object({
    platform: z.enum(PLATFORMS).describe("The platform the handle belongs to"),
    handle: ZHandle,
    confirm: ZText.max(200).describe("The handle typed again, to confirm; the erasure cannot be undone"),
  })
  .strict();
export type ErasePersonBody = z.infer<typeof ZErasePersonBody>;
