// The People page for external agents: who was contacted, the conversations that followed, and one thread's
// messages. Read-only, always in the key's organization.
import { z } from "zod";
import { ZText } from "@/lib/http/fields";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ApiKeyCaller } from "@/lib/api-keys/resolve-api-key-caller";
import { PLATFORMS } from "@/lib/campaigns/catalog";
import { listContacts } from "@/lib/conversations/list-contacts";
import { decodeThreadCursor, listThreads } from "@/lib/conversations/list-threads";
import { getThreadOrThrow } from "@/lib/conversations/get-thread";
import { runPublicTool } from "@/lib/public-mcp/public-tool-result";
import { ZRowId } from "@/lib/public-mcp/key-scope";

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export function registerPublicContactTools(server: McpServer, caller: ApiKeyCaller) {
  const { orgId } = caller;

  server.registerTool(
    "contacts_search",
    {
      title: "Search contacts",
      description:
        "The organization's contact history, most recently contacted first: each person (targetUser, platform), the " +
        "account that wrote to them, first and last contact, the outcome, and threadId when they answered (read it " +
        "with thread_get). Answers {contacts, truncated}; truncated means more matched than limit.",
      inputSchema: {
        q: ZText.trim().max(200).optional().describe("Part of the handle, case-insensitive"),
        platform: z.enum(PLATFORMS).optional(),
        limit: z.number().int().min(1).max(200).optional().describe("At most this many (default 200)"),
      },
      annotations: { title: "Search contacts", ...READ },
    },
    ({ q, platform, limit }) => runPublicTool("contacts_search", () => listContacts({ orgId, q, platform, limit })),
  );

  server.registerTool(
    "threads_search",
    {
      title: "Search conversation threads",
      description:
        "Conversations newest activity first, each with its last message and how many replies are still open. " +
        "filter: replied (the other side wrote last: an answer is owed), awaiting (we wrote last) or all. kind: dm, " +
        "post_comment or all. Answers {threads, nextCursor}; pass nextCursor back with the same filters for the next page.",
      inputSchema: {
        filter: z.enum(["all", "replied", "awaiting"]).optional().describe("Default all"),
        kind: z.enum(["all", "dm", "post_comment"]).optional().describe("Default all"),
        cursor: ZText.max(200).optional().describe("nextCursor of the previous page"),
        limit: z.number().int().min(1).max(200).optional().describe("Page size, 1-200 (default 50)"),
      },
      annotations: { title: "Search conversation threads", ...READ },
    },
    ({ filter, kind, cursor, limit }) =>
      runPublicTool("threads_search", async () =>
        listThreads({ orgId, filter, kind, limit, cursor: cursor === undefined ? undefined : decodeThreadCursor(cursor) }),
      ),
  );

  server.registerTool(
    "thread_get",
    {
      title: "Read a thread",
      description:
        "One conversation: the thread, the draft that opened it, every message in order (timeline: direction, author, " +
        "body, sentAt) and the replies still open (being drafted, in review or approved but not sent).",
      inputSchema: { id: ZRowId.describe("The thread id") },
      annotations: { title: "Read a thread", ...READ },
    },
    ({ id }) => runPublicTool("thread_get", () => getThreadOrThrow({ orgId, id })),
  );
}
