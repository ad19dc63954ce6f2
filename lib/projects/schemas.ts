import { z } from "zod";
import { ZText } from "@/lib/http/fields";
import { ZSourceInput, type SourceInput } from "@/lib/sources/schemas";
import { sourceSelect, toSourceView, type SourceRow } from "@/lib/sources/source-view";

/** A public http(s) address; "" clears it. Never fetched by the server: it is words for the agent and the page. */
const ZWebsite = ZText.trim()
  .max(2000)
  .refine((v) => v === "" || isWebAddress(v), { message: "Give the website as an address starting with https:// (or http://)" })
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .describe("The product's public website, https://…");

function isWebAddress(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === "https:" || u.protocol === "http:") && u.hostname.includes(".") && !u.username && !u.password;
  } catch {
    return false;
  }
}

const ZProjectFields = z.object({
  name: ZText.trim().min(1).max(120).describe("Project name, unique in the organization"),
  description: ZText.max(20_000).optional().describe("What the project offers, in plain words"),
  website: ZWebsite.optional(),
  source: ZSourceInput.optional(),
  sourcePath: ZText.trim()
    .max(1000)
    .nullable()
    .optional()
    .describe("Shorthand for `source: {kind: \"folder\", path}` (self-hosted, under the server's source roots); null or \"\" removes the source"),
});

const notBoth = (v: { source?: unknown; sourcePath?: unknown }, ctx: z.RefinementCtx) => {
  if (v.source !== undefined && v.sourcePath !== undefined) {
    ctx.addIssue({ code: "custom", path: ["sourcePath"], message: "Give either source or sourcePath, not both" });
  }
};

export const ZProjectInput = ZProjectFields.superRefine(notBoth);
export const ZProjectPatch = ZProjectFields.partial().strict().superRefine(notBoth);
export type ProjectInput = z.infer<typeof ZProjectInput>;
export type ProjectPatch = z.infer<typeof ZProjectPatch>;

/** The source a create or edit asks for: undefined when it leaves the source alone. */
export function requestedSource(input: { source?: SourceInput; sourcePath?: string | null }): SourceInput | undefined {
  if (input.source !== undefined) return input.source;
  if (input.sourcePath === undefined) return undefined;
  return input.sourcePath ? { kind: "folder", path: input.sourcePath } : null;
}

export const projectSelect = { id: true, name: true, description: true, website: true, createdAt: true, updatedAt: true, ...sourceSelect } as const;

/** A project as routes and pages show it: the source as one object (lib/sources/source-view.ts), never raw columns. */
export function toProjectView<T extends SourceRow & { id: number; name: string }>(row: T) {
  const {
    sourceKind: _k, sourcePath: _p, sourceRepoUrl: _u, sourceRepoRef: _r, sourceCommit: _c, sourceArchiveName: _a, sourceFetchedAt: _f,
    sourceFileCount: _n, sourceBytes: _b, sourceError: _e, ...rest
  } = row;
  return { ...rest, source: toSourceView(row) };
}
