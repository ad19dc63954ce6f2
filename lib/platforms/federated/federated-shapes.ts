// The federated platform's REST API (Mastodon's), as much as the research and post tools read. Lenient like the forum
// shapes: unknown fields pass, optional ones default.
import { z } from "zod";

export const ZAccount = z.object({
  id: z.string(),
  username: z.string(),
  // "user" for an account of the instance itself, "user@domain" for a remote one.
  acct: z.string(),
  display_name: z.string().nullish().transform((v) => v ?? ""),
  url: z.string().nullish().transform((v) => v ?? ""),
  note: z.string().nullish().transform((v) => v ?? ""),
  bot: z.boolean().nullish().transform((v) => v ?? false),
  fields: z
    .array(z.object({ name: z.string().nullish().transform((v) => v ?? ""), value: z.string().nullish().transform((v) => v ?? "") }))
    .nullish()
    .transform((v) => v ?? []),
});

export type FederatedAccount = z.infer<typeof ZAccount>;

export const ZStatus = z.object({
  id: z.string(),
  uri: z.string().nullish(),
  url: z.string().nullish(),
  created_at: z.string(),
  content: z.string().nullish().transform((v) => v ?? ""),
  in_reply_to_id: z.string().nullish(),
  replies_count: z.number().nullish().transform((v) => v ?? 0),
  favourites_count: z.number().nullish().transform((v) => v ?? 0),
  tags: z
    .array(z.object({ name: z.string() }))
    .nullish()
    .transform((v) => v ?? []),
  account: ZAccount,
});

export type FederatedStatus = z.infer<typeof ZStatus>;
