import { z } from "zod";
import { ZDbId, ZText } from "@/lib/http/fields";

// Playbooks are prompts, not documents: 200 KB is far beyond any useful one and keeps a run's snapshot small.
export const PLAYBOOK_BODY_MAX_BYTES = 200 * 1024;

export const ZPlaybookSlug = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and single dashes, e.g. my-forum-scout")
  .describe("Unique in the organization; lowercase letters, digits and dashes");

export const ZPlaybookTitle = ZText.trim().min(1).max(120).describe("Shown in the playbooks list");

export const ZPlaybookBody = z
  .string()
  .refine((v) => v.trim().length > 0, "The playbook body is empty")
  .refine((v) => Buffer.byteLength(v, "utf8") <= PLAYBOOK_BODY_MAX_BYTES, "The playbook body is larger than 200 KB")
  .describe("The Markdown the agent runner follows");

const ZCreate = z.object({ slug: ZPlaybookSlug, title: ZPlaybookTitle, body: ZPlaybookBody }).strict();
const ZDuplicate = z.object({ duplicateOf: ZDbId.describe("Playbook to copy") }).strict();

/** POST /api/playbooks: a new playbook, or a copy of an existing one (built-ins included). */
export const ZPlaybookCreate = z.union([ZCreate, ZDuplicate]);
export type PlaybookCreate = z.infer<typeof ZPlaybookCreate>;
export type PlaybookNew = z.infer<typeof ZCreate>;

export const ZPlaybookPatch = z
  .object({ title: ZPlaybookTitle, slug: ZPlaybookSlug, body: ZPlaybookBody })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change: send title, slug or body");
export type PlaybookPatch = z.infer<typeof ZPlaybookPatch>;

export const playbookSelect = {
  id: true, slug: true, title: true, body: true, isBuiltin: true, createdAt: true, updatedAt: true,
} as const;

export const EXCERPT_CHARS = 160;

/** The first prose line of a playbook, for the list (headings and blank lines skipped). */
export function playbookExcerpt(body: string): string {
  const line = body
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith("#") && !l.startsWith("```") && !/^[-=*_]{3,}$/.test(l));
  if (!line) return "";
  return line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS - 1)}…` : line;
}
