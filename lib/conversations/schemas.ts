// Input schemas of the conversations domain: an inbound reply as the extension's dm-sync (and the CLI) hands it over.
import { z } from "zod";
import { ZDbId, ZText } from "@/lib/http/fields";
import { ThreadKind } from "@/lib/generated/prisma/enums";

export const THREAD_KINDS = Object.values(ThreadKind) as [ThreadKind, ...ThreadKind[]];

/** One message the platform delivered to us, answering an outbound draft. */
export const ZInboundMessage = z
  .object({
    author: ZText.trim().min(1).max(200).describe("The handle that wrote the message"),
    body: ZText.trim().min(1).max(40_000),
    externalId: ZText.trim().min(1).max(300).describe("The platform's id of the message; the same id is stored once"),
    permalink: z.url().max(2000).nullish().describe("Where the message can be read on the platform"),
    sentAt: z.coerce.date().describe("When the platform says it was written"),
  })
  .strict();
export type InboundMessage = z.infer<typeof ZInboundMessage>;

export const ZInboundReply = z
  .object({
    draftId: ZDbId.describe("The outbound draft that was answered"),
    message: ZInboundMessage,
    threadKind: z.enum(THREAD_KINDS).optional().describe("dm or post_comment; by default from the draft's kind"),
    threadExternalId: ZText.trim().min(1).max(300).nullish().describe("The platform's conversation or parent id, if known"),
  })
  .strict();
export type InboundReply = z.infer<typeof ZInboundReply>;

/** Outbound messages we record from our own drafts carry this external id, so each draft is recorded once. */
export const OUTBOUND_DRAFT_PREFIX = "outreach-draft:";

export function outboundExternalId(draftId: number): string {
  return `${OUTBOUND_DRAFT_PREFIX}${draftId}`;
}

/** The draft an outbound message was recorded from, or null for a message the platform gave us. */
export function draftIdOfMessage(externalId: string | null): number | null {
  if (!externalId?.startsWith(OUTBOUND_DRAFT_PREFIX)) return null;
  const id = Number(externalId.slice(OUTBOUND_DRAFT_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
