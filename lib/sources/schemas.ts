import { z } from "zod";
import { ZText } from "@/lib/http/fields";

// git-check-ref-format, the parts that matter for a name a person types: no spaces or control characters, none of
// ~ ^ : ? * [ \, no "..", no "@{", not starting with "-" or "/", not ending with "/", "." or ".lock".
const GIT_REF = /^(?![-/])(?!.*\.\.)(?!.*@\{)(?!.*\/\/)[^\s~^:?*[\\\x00-\x1f\x7f]+(?<![/.])(?<!\.lock)$/;

export const ZRepositoryUrl = ZText.trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, message: "Give the repository's http(s) address, e.g. https://github.com/owner/name.git" }))
  .refine((u) => !new URL(u).username && !new URL(u).password, {
    message: "The repository URL must not contain a user name or password: only public repositories can be fetched",
  });

export const ZFolderSourceInput = z
  .object({
    kind: z.literal("folder"),
    path: ZText.trim().min(1).max(1000).describe("A folder under one of the server's source roots: relative to a root, or absolute inside one"),
  })
  .strict();

export const ZRepositorySourceInput = z
  .object({
    kind: z.literal("repository"),
    url: ZRepositoryUrl.describe("The public Git repository's https address (http only where the operator allows private hosts)"),
    ref: ZText.trim()
      .max(250)
      .regex(GIT_REF, "Give a branch or tag name as git writes it, e.g. main or v1.2.0")
      .nullable()
      .optional()
      .describe("A branch or tag; the repository's default branch when left out"),
  })
  .strict();

/**
 * What a project's source is, as POST/PATCH /api/projects take it. An uploaded archive is sent on its own route
 * (PUT /api/projects/{id}/source/archive); null removes the source.
 */
export const ZSourceInput = z
  .discriminatedUnion("kind", [ZFolderSourceInput, ZRepositorySourceInput])
  .nullable()
  .describe("The project's source: a folder on the server (self-hosted, where offered) or a Git repository; null removes it");

export type SourceInput = z.infer<typeof ZSourceInput>;

export const ZArchiveQuery = z
  .object({
    name: ZText.trim().min(1).max(255).optional().describe("The archive's file name, shown on the project (default archive.zip or archive.tar.gz)"),
  })
  .strict();

export const ZRefreshSourceBody = z.object({}).strict();
