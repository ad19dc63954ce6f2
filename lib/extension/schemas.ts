// The wire catalogue between the browser extension and its backend routes (docs/extension-api.md). Items keep the
// platform's own field names (snake_case, as the legacy inbox feed sends them) so the extension can forward the
// feed's `data` objects without renaming; unknown extra fields are dropped rather than refused for the same reason.
import { z } from "zod";
import { ZId, ZText } from "@/lib/http/fields";
import { ZPermalink } from "@/lib/drafts/permalink";

export const CHANNEL_STATES = ["ok", "unauthorized", "error", "unknown"] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];

/** SPEC 8: at most this many entries per array; an inbox page is 100, so two pages fit. */
export const MAX_SYNC_ITEMS = 200;

const ZDeviceName = ZText.trim().min(1).max(100).describe("How Settings labels this device, e.g. 'Chrome on laptop'");
const ZVersion = z.number().int().min(1).max(2_147_483_647).describe("The draft version the caller last saw (optional)");

export const ZDraftIdParams = z.object({ id: ZId });
export const ZDeviceIdParams = z.object({ id: ZId });

export const ZPairBody = z
  .object({
    code: ZText.trim().min(1).max(32).describe("The pairing code shown in Settings; case, spaces and dashes are ignored"),
    name: ZDeviceName.optional(),
  })
  .strict();

export const ZAutoPairBody = z.object({ name: ZDeviceName.optional() }).strict();
export const ZAutoPairQuery = z.object({ name: ZDeviceName.optional() }).strict();

export const ZDraftVersionBody = z.object({ version: ZVersion.optional() }).strict();

/** The sent call: the version, and where the post or comment now lives when the extension saw it (removal checks). */
export const ZDraftSentBody = z
  .object({
    version: ZVersion.optional(),
    permalink: ZPermalink.optional().describe("The sent post's or comment's address on the platform, when known"),
  })
  .strict();

const ZPlatformId = ZText.trim().min(1).max(100);
const ZHandle = ZText.trim().min(1).max(200);
const ZMessageText = ZText.trim().min(1).max(40_000);
const ZOptionalText = ZText.max(2000).nullish();
// Epoch seconds as the feed gives them; bounded to years 2000-2100 so a millisecond value is caught as malformed.
const ZCreatedUtc = z.number().finite().min(946_684_800).max(4_102_444_800);
const ZCreatedAt = z.iso.datetime({ offset: true });

const created = {
  created_utc: ZCreatedUtc.optional().describe("Creation time in epoch seconds (the feed's field)"),
  created_at: ZCreatedAt.optional().describe("Creation time as ISO 8601, when created_utc is not sent"),
};
const needsTime = (v: { created_utc?: number; created_at?: string }) => v.created_utc !== undefined || v.created_at !== undefined;
const timeIssue = { message: "created_utc or created_at is required", path: ["created_utc"] };

/** A private message from the legacy inbox feed (`kind: "t4"`). */
export const ZSyncMessageItem = z
  .object({
    id: ZPlatformId.describe("The platform's message id, with or without the t4_ prefix"),
    author: ZHandle,
    body: ZMessageText,
    ...created,
    dest: ZHandle.nullish().describe("The recipient: our account"),
    subject: ZOptionalText,
    first_message_name: ZPlatformId.nullish().describe("The conversation's first message"),
    parent_id: ZPlatformId.nullish().describe("The message this one answers"),
    permalink: ZOptionalText,
  })
  .refine(needsTime, timeIssue);
export type SyncMessageItem = z.infer<typeof ZSyncMessageItem>;

/** A comment reply from the legacy inbox feed (`kind: "t1"`). */
export const ZSyncCommentItem = z
  .object({
    id: ZPlatformId.describe("The comment's id, with or without the t1_ prefix"),
    author: ZHandle,
    body: ZMessageText,
    ...created,
    parent_id: ZPlatformId.describe("What it replies to: t1_<comment> or t3_<post>"),
    link_id: ZPlatformId.nullish().describe("The post it is under, t3_<post>"),
    dest: ZHandle.nullish(),
    subreddit: ZText.trim().max(200).nullish(),
    link_title: ZText.max(2000).nullish(),
    permalink: ZOptionalText,
    context: ZOptionalText,
  })
  .refine(needsTime, timeIssue);
export type SyncCommentItem = z.infer<typeof ZSyncCommentItem>;

export const ZSyncStatus = z
  .object({
    chat: z.enum(CHANNEL_STATES),
    legacy: z.enum(CHANNEL_STATES),
    captured_at: ZCreatedAt.describe("When the extension observed these states (ISO 8601 UTC)"),
  })
  .strict();
export type SyncStatus = z.infer<typeof ZSyncStatus>;

export const ZDmSyncBody = z
  .object({
    platform: ZText.trim().min(1).max(50).describe("The platform identifier, as on drafts (forum)"),
    items: z.array(ZSyncMessageItem).max(MAX_SYNC_ITEMS),
    comments: z.array(ZSyncCommentItem).max(MAX_SYNC_ITEMS),
    status: ZSyncStatus,
  })
  .strict();
export type DmSyncBody = z.infer<typeof ZDmSyncBody>;
