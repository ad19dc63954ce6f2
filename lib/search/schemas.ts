// The command palette's search (GET /api/search): campaigns, projects, playbooks and drafts of the caller's
// organization whose names match what was typed.
import { z } from "zod";
import { ZText } from "@/lib/http/fields";

export const ZSearchQuery = z
  .object({
    q: ZText.trim().min(1, "Type something to search for").max(100).describe("Words of a name: a campaign, project or playbook, a draft's recipient, or #<draft id>"),
    limit: z.coerce.number().int().min(1).max(20).optional().describe("Results per kind (default 5)"),
  })
  .strict();

export type SearchQuery = z.infer<typeof ZSearchQuery>;

export interface SearchResult {
  type: "campaign" | "project" | "playbook" | "draft";
  id: number;
  label: string;
  /** A second line: the project of a campaign, a draft's campaign and state. */
  detail: string | null;
  href: string;
}
