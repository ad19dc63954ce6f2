// The campaign profile (campaigns.config) as the campaign forms edit it: one field per key of the profile schema
// (lib/skill-generation/profile-schema.ts), and every other key kept as JSON behind "Advanced". Validation runs the
// profile schema itself on the assembled profile, so the form refuses exactly what the readiness banner and the agent's
// finish tool refuse, and each problem comes back as a sentence on its own field. Pure: used by the forms and tests.
import { z } from "zod";
import type { Platform } from "@/lib/campaigns/catalog";
import { campaignProfileSchema } from "@/lib/skill-generation/profile-schema";

/** The keys the form has fields for; anything else in a profile is an "Advanced" key. */
export const PROFILE_KEYS = ["audience", "communities", "tone", "offer", "rules", "keywords", "maxDraftsPerRun"] as const;
type ProfileKey = (typeof PROFILE_KEYS)[number];

export interface ProfileFormValues {
  audience: string;
  communities: string[];
  tone: string;
  offer: string;
  /** Objects, not strings, so the rule list can add, remove and reorder rows by a stable key. */
  rules: Array<{ text: string }>;
  keywords: string[];
  /** NaN or null while the field is empty. */
  maxDraftsPerRun: number | null;
}

const isKnown = (key: string): key is ProfileKey => (PROFILE_KEYS as readonly string[]).includes(key);

const asText = (v: unknown): string => (typeof v === "string" ? v : v === undefined || v === null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v));
const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(asText) : v === undefined || v === null || v === "" ? [] : [asText(v)]);

/** A stored profile split into the form's fields and the keys the form does not know (kept, never dropped). */
export function splitProfile(config: Record<string, unknown> | null | undefined): { values: ProfileFormValues; extra: Record<string, unknown> } {
  const c = config ?? {};
  const extra = Object.fromEntries(Object.entries(c).filter(([k]) => !isKnown(k)));
  const n = c.maxDraftsPerRun;
  return {
    values: {
      audience: asText(c.audience),
      communities: asList(c.communities),
      tone: asText(c.tone),
      offer: asText(c.offer),
      rules: asList(c.rules).map((text) => ({ text })),
      keywords: asList(c.keywords),
      maxDraftsPerRun: typeof n === "number" && Number.isFinite(n) ? n : typeof n === "string" && n.trim() !== "" && Number.isFinite(Number(n)) ? Number(n) : null,
    },
    extra,
  };
}

export function emptyProfile(): ProfileFormValues {
  return splitProfile({}).values;
}

const hasNumber = (n: number | null | undefined): n is number => typeof n === "number" && !Number.isNaN(n);

/** Nothing typed in any profile field: the campaign keeps an empty profile, for the agent to write (Generate profile). */
export function isProfileEmpty(v: ProfileFormValues): boolean {
  return (
    !v.audience.trim() && !v.tone.trim() && !v.offer.trim() && v.communities.length === 0 && v.keywords.length === 0 &&
    v.rules.every((r) => !r.text.trim()) && !hasNumber(v.maxDraftsPerRun)
  );
}

/** The profile the fields describe, before validation: blank rules are dropped, an empty keyword list is left out. */
export function profileFromFields(v: ProfileFormValues): Record<string, unknown> {
  const rules = v.rules.map((r) => r.text.trim()).filter(Boolean);
  return {
    audience: v.audience.trim(),
    communities: v.communities,
    tone: v.tone.trim(),
    offer: v.offer.trim(),
    rules,
    ...(v.keywords.length > 0 ? { keywords: v.keywords } : {}),
    ...(hasNumber(v.maxDraftsPerRun) ? { maxDraftsPerRun: v.maxDraftsPerRun } : {}),
  };
}

/**
 * The config to save: the Advanced keys with the fields over them. An empty profile saves only the Advanced keys
 * (usually none, `{}`), so "generate it later" stays possible.
 */
export function profileToConfig(v: ProfileFormValues, extra: Record<string, unknown>): Record<string, unknown> {
  return isProfileEmpty(v) ? { ...extra } : { ...extra, ...profileFromFields(v) };
}

/** The Advanced box: the keys the form does not know, as a JSON object. */
export function extraToJson(extra: Record<string, unknown>): string {
  return Object.keys(extra).length === 0 ? "{}" : JSON.stringify(extra, null, 2);
}

export type ExtraParse = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

const FIELD_NAMES: Record<ProfileKey, string> = {
  audience: "Audience",
  communities: "Communities",
  tone: "Tone",
  offer: "Offer",
  rules: "Rules",
  keywords: "Keywords",
  maxDraftsPerRun: "Drafts per run",
};

/** Reads the Advanced box: a JSON object whose keys are not ones the form has a field for. */
export function parseExtraJson(text: string): ExtraParse {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { ok: false, message: "This is not valid JSON. Check for a missing quote, comma or brace." };
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, message: 'Write an object in braces, like {"language": "en"}, or leave {} for none.' };
  }
  if ("followups" in value) return { ok: false, message: "Follow-ups have their own section below: set them there and remove them here." };
  const known = Object.keys(value).filter(isKnown);
  if (known.length > 0) {
    const names = known.map((k) => `${FIELD_NAMES[k]} ("${k}")`).join(", ");
    return { ok: false, message: `${names} ${known.length === 1 ? "has its own field" : "have their own fields"} above: set ${known.length === 1 ? "it" : "them"} there and remove ${known.length === 1 ? "it" : "them"} here.` };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

type Issue = z.core.$ZodIssue;

const PLURAL: Partial<Record<ProfileKey, (platform: Platform) => [string, string]>> = {
  communities: (p) => (p === "federated" ? ["hashtag", "hashtags"] : ["community", "communities"]),
  rules: () => ["rule", "rules"],
  keywords: () => ["keyword", "keywords"],
};

/** One problem of the profile schema as a sentence about the field it is on. */
export function profileIssueSentence(issue: Issue, platform: Platform): string {
  const [key, index] = issue.path as [ProfileKey, number | undefined];
  const min = "minimum" in issue ? Number(issue.minimum) : 0;
  const max = "maximum" in issue ? Number(issue.maximum) : 0;
  if (key === "maxDraftsPerRun") return "Drafts per run is a whole number from 1 to 50.";
  const plural = PLURAL[key]?.(platform);
  if (plural && index === undefined) {
    // The list itself: too few or too many entries.
    if (issue.code === "too_small") return min === 1 ? `Add at least one ${plural[0]}.` : `Add at least ${min} ${plural[1]}.`;
    if (issue.code === "too_big") return `Keep to ${max} ${plural[1]} at most.`;
    return `${FIELD_NAMES[key]} is a list of ${plural[1]}.`;
  }
  // A written message (the community and hashtag patterns) is already a sentence.
  if (issue.code === "invalid_format" || issue.code === "custom") return issue.message;
  const what = plural && index !== undefined ? `${plural[0].charAt(0).toUpperCase()}${plural[0].slice(1)} ${index + 1}` : FIELD_NAMES[key] ?? "This field";
  if (issue.code === "too_small") return min <= 1 ? `${what} is required.` : `${what} needs at least ${min} characters.`;
  if (issue.code === "too_big") return `${what} takes at most ${max.toLocaleString("en-US")} characters.`;
  if (issue.code === "invalid_type") return `${what} is required.`;
  return `${what} is not valid.`;
}

/** Where a profile problem shows in the form: rules are rows of `{text}`. */
export function formPathOf(path: PropertyKey[]): (string | number)[] {
  const [key, index] = path as [string, number | undefined];
  if (key === "rules" && typeof index === "number") return ["profile", "rules", index, "text"];
  return ["profile", ...path.map((p) => (typeof p === "number" ? p : String(p)))];
}

/** The profile's problems with their form paths, none when the profile is valid. */
export function profileFormIssues(v: ProfileFormValues, platform: Platform): Array<{ path: (string | number)[]; message: string }> {
  const parsed = campaignProfileSchema(platform).safeParse(profileFromFields(v));
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ path: formPathOf(issue.path), message: profileIssueSentence(issue, platform) }));
}

/** The profile part of a campaign form's values, as zod shapes (the checks are in `checkProfileForm`). */
export const profileFormShape = {
  profile: z.object({
    audience: z.string(),
    communities: z.array(z.string()),
    tone: z.string(),
    offer: z.string(),
    rules: z.array(z.object({ text: z.string() })),
    keywords: z.array(z.string()),
    // An emptied number field may read as NaN: the profile check says what to write.
    maxDraftsPerRun: z.number().nullable().catch(null),
  }),
  extraJson: z.string(),
};

/**
 * The checks a campaign form's zod schema runs (in its superRefine) for the profile part: the profile schema itself on
 * the assembled profile, unless `check` is false (left empty on a new campaign, untouched on an existing one), and
 * the Advanced box always.
 */
export function checkProfileForm(v: { profile: ProfileFormValues; extraJson: string }, ctx: z.RefinementCtx, platform: Platform, check: boolean): void {
  if (check) {
    for (const issue of profileFormIssues(v.profile, platform)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  }
  const extra = parseExtraJson(v.extraJson);
  if (!extra.ok) ctx.addIssue({ code: "custom", path: ["extraJson"], message: extra.message });
}

/** The profile part alone as a schema (what react-hook-form's zodResolver is handed, with the form's own fields). */
export function profileFormSchema(platform: Platform, check: (v: ProfileFormValues) => boolean) {
  return z.object(profileFormShape).superRefine((v, ctx) => checkProfileForm(v, ctx, platform, check(v.profile)));
}

/** A community or hashtag as a person may type it: "r/freelance" for a forum community, "selfhosted" for a hashtag. */
export function normalizeCommunity(raw: string, platform: Platform): string {
  const t = raw.trim();
  if (platform === "federated") return t && !t.startsWith("#") ? `#${t}` : t;
  return t.replace(/^\/?r\//i, "");
}

/** Whether one community (or hashtag) would pass the profile schema, with the sentence when it would not. */
export function communityProblem(value: string, platform: Platform): string | null {
  const item = campaignProfileSchema(platform).shape.communities.element;
  const parsed = item.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "This is not valid.");
}

/** Whether one keyword would pass the profile schema. */
export function keywordProblem(value: string): string | null {
  const t = value.trim();
  if (t.length < 2) return "A keyword needs at least 2 characters.";
  if (t.length > 100) return "A keyword takes at most 100 characters.";
  return null;
}
