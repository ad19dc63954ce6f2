// Pure matching of a draft against blocklist entries (SPEC 1.8): users, communities and keywords.
import { canonicalCommunity, canonicalHandle } from "@/lib/contacts/canonical-handle";

export interface BlocklistRule {
  id: number;
  type: "user" | "community" | "keyword";
  value: string;
  projectId: number | null;
}

export interface BlocklistSubject {
  targetUser: string;
  targetCommunity?: string | null;
  /** Every text that would be published: body, variants, title. */
  texts: string[];
}

export interface BlocklistHit {
  entryId: number;
  type: BlocklistRule["type"];
  value: string;
  scope: "global" | "project";
  message: string;
}

/** The first rule the subject breaks, or null. Keywords match whole words, case-insensitively. */
export function matchBlocklist(rules: BlocklistRule[], subject: BlocklistSubject): BlocklistHit | null {
  const user = canonicalHandle(subject.targetUser);
  const community = subject.targetCommunity ? canonicalCommunity(subject.targetCommunity) : null;
  for (const rule of rules) {
    const scope = rule.projectId === null ? "global" : "project";
    const where = scope === "global" ? "the global blocklist" : "this project's blocklist";
    if (rule.type === "user" && canonicalHandle(rule.value) === user) {
      return { entryId: rule.id, type: rule.type, value: rule.value, scope, message: `User "${rule.value}" is on ${where}` };
    }
    if (rule.type === "community" && community !== null && canonicalCommunity(rule.value) === community) {
      return { entryId: rule.id, type: rule.type, value: rule.value, scope, message: `Community "${rule.value}" is on ${where}` };
    }
    if (rule.type === "keyword" && subject.texts.some((t) => keywordPattern(rule.value).test(t))) {
      return { entryId: rule.id, type: rule.type, value: rule.value, scope, message: `The text contains "${rule.value}", which is on ${where}` };
    }
  }
  return null;
}

function keywordPattern(keyword: string): RegExp {
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // Word boundaries that understand accents and digits: "ass" must not match "class".
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, "iu");
}
