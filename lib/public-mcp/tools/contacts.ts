// The People page for external agents: who was contacted, the conversations that followed, one thread's messages,
// and everything held about one person (for answering their data request), and the one write a reviewer makes
// there: correcting what a reply means. Always in the key's organization. Erasure is not here: it is for an
// organization's admins, and a key never acts as one.
import { z } from "zod";
import { ZText } from "@/lib/http/fields";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ApiKeyCaller } from "@/lib/api-keys/resolve-api-key-caller";
import { PLATFORMS } from "@/lib/campaigns/catalog";
import { listContacts } from "@/lib/conversations/list-contacts";
import { decodeThreadCursor, listThreads } from "@/lib/conversations/list-threads";
import { getThreadOrThrow } from "@/lib/conversations/get-thread";
import { runPublicTool } from "@/lib/public-mcp/public-tool-result";
import { keyActor, requireWritableKey, ZRowId } from "@/lib/public-mcp/key-scope";
import { REPLY_INTENTS, ZReplyIntent } from "@/lib/replies/reply-intent";
import { correctReplyIntent } from "@/lib/replies/correct-reply-intent";
import { exportPersonData } from "@/lib/privacy/export-person-data";
import { ZHandle } from "@/lib/privacy/schemas";

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
        "post_comment or all. intent: only threads whose person's latest reply means this. sort: recent (default) or " +
        "intent (interested first, then question, not_now, other, out_of_office, not_interested, opt_out, unsorted). " +
        "Each thread carries its intent. Answers {threads, nextCursor}; pass nextCursor back with the same filters and sort.",
      inputSchema: {
        filter: z.enum(["all", "replied", "awaiting"]).optional().describe("Default all"),
        intent: z.enum(REPLY_INTENTS).optional().describe("Only threads whose latest reply has this intent"),
        sort: z.enum(["recent", "intent"]).optional().describe("recent (newest activity first, default) or intent (interested first)"),
        kind: z.enum(["all", "dm", "post_comment"]).optional().describe("Default all"),
        cursor: ZText.max(200).optional().describe("nextCursor of the previous page"),
        limit: z.number().int().min(1).max(200).optional().describe("Page size, 1-200 (default 50)"),
      },
      annotations: { title: "Search conversation threads", ...READ },
    },
    ({ filter, kind, cursor, limit, intent, sort }) =>
      runPublicTool("threads_search", async () =>
        listThreads({ orgId, filter, kind, limit, intent, sort, cursor: cursor === undefined ? undefined : decodeThreadCursor(cursor) }),
      ),
  );

  server.registerTool(
    "reply_intent_set",
    {
      title: "Correct what a reply means",
      description:
        "Sets the intent of an inbound reply (a message of thread_get's timeline with direction inbound) as a reviewer's " +
        "word: interested, question, not_now, not_interested, out_of_office, opt_out or other. The correction is kept, " +
        "counted on Outcomes and never overwritten by the drafting agent; opt_out also opts the person out. Answers " +
        "{messageId, threadId, intent, previousIntent, source}.",
      inputSchema: { messageId: ZRowId.describe("The inbound message id"), intent: ZReplyIntent },
      annotations: { title: "Correct what a reply means", readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ messageId, intent }) =>
      runPublicTool("reply_intent_set", async () => {
        requireWritableKey(caller);
        return correctReplyIntent({ orgId, messageId, intent, actor: keyActor(caller), userId: null });
      }),
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

  server.registerTool(
    "person_export",
    {
      title: "Export what is held about a person",
      description:
        "Everything the organization holds about one person, for answering their request to see it: contact history, " +
        "opt-out state, every conversation with its messages, the drafts written to them (any state) with their history, " +
        "research notes and blocklist entries, across all projects. The handle may be written with or without its u/ or @ " +
        "prefix. suppressed: true means their data was erased at their request and only a fingerprint that blocks new " +
        "drafts is kept. A person about whom nothing is held gets empty lists.",
      inputSchema: {
        platform: z.enum(PLATFORMS).describe("The platform the handle belongs to"),
        handle: ZHandle,
      },
      annotations: { title: "Export what is held about a person", ...READ },
    },
    ({ platform, handle }) => runPublicTool("person_export", () => exportPersonData({ orgId, platform, handle })),
  );
}
