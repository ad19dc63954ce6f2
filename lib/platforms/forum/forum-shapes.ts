// The forum's public JSON listing API, as much of it as the research tools read. Parsing is lenient (unknown fields
// pass, missing counters default) because the platform adds fields freely; a body without the listing structure
// at all is an upstream error.
import { z } from "zod";

const ZPostData = z.object({
  id: z.string(),
  name: z.string().optional(),
  author: z.string().nullish().transform((v) => v ?? ""),
  title: z.string().nullish().transform((v) => v ?? ""),
  selftext: z.string().nullish().transform((v) => v ?? ""),
  permalink: z.string().nullish().transform((v) => v ?? ""),
  url: z.string().nullish(),
  subreddit: z.string().nullish().transform((v) => v ?? ""),
  score: z.number().nullish().transform((v) => v ?? 0),
  num_comments: z.number().nullish().transform((v) => v ?? 0),
  created_utc: z.number().nullish().transform((v) => v ?? 0),
  over_18: z.boolean().nullish().transform((v) => v ?? false),
  stickied: z.boolean().nullish().transform((v) => v ?? false),
  // "moderator" or "admin" on posts made in an official capacity.
  distinguished: z.string().nullish(),
});

export type ForumPostData = z.infer<typeof ZPostData>;

export const ZListing = z.object({
  kind: z.literal("Listing"),
  data: z.object({
    children: z.array(z.object({ kind: z.string(), data: z.unknown() })),
    after: z.string().nullish(),
  }),
});

/** The posts (kind t3) of a listing; children of other kinds, and malformed posts, are skipped. */
export function postsOfListing(listing: z.infer<typeof ZListing>): ForumPostData[] {
  const out: ForumPostData[] = [];
  for (const child of listing.data.children) {
    if (child.kind !== "t3") continue;
    const parsed = ZPostData.safeParse(child.data);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

export const ZAbout = z.object({
  kind: z.string().optional(),
  data: z.object({
    display_name: z.string(),
    title: z.string().nullish(),
    public_description: z.string().nullish(),
    description: z.string().nullish(),
    subscribers: z.number().nullish(),
    over18: z.boolean().nullish(),
    // any | link | self
    submission_type: z.string().nullish(),
  }),
});

export const ZRules = z.object({
  rules: z.array(
    z.object({
      short_name: z.string().nullish(),
      description: z.string().nullish(),
      kind: z.string().nullish(),
      violation_reason: z.string().nullish(),
      priority: z.number().nullish(),
    }),
  ),
});
