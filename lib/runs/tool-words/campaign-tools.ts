// Words for the tools every campaign run uses (lib/mcp/tools: runs, blocklist, contacts, drafts): the brief, the
// dedup guards, and the drafts themselves ("Drafted 3 messages (2 DMs, 1 comment)").
import { arr, clip, count, howMany, listOf, num, obj, quality, str, type ToolFacts, type ToolWords } from "@/lib/runs/tool-words/helpers";

const DRAFT_KIND_WORDS: Record<string, [string, string]> = {
  dm: ["DM", "DMs"],
  post_comment: ["comment", "comments"],
  post: ["post", "posts"],
  reply_dm: ["reply", "replies"],
  reply_comment: ["reply", "replies"],
  followup_dm: ["follow-up", "follow-ups"],
  followup_comment: ["follow-up", "follow-ups"],
};

/** "3 messages (2 DMs, 1 comment)" from the kinds of the drafts made (an A/B sibling counts once). */
export function draftKinds(kinds: string[]): string {
  const tally = new Map<string, number>();
  for (const k of kinds) tally.set(k, (tally.get(k) ?? 0) + 1);
  const total = count(kinds.length, "message");
  if (tally.size === 0) return total;
  const parts = [...tally].map(([k, n]) => {
    const [one, many] = DRAFT_KIND_WORDS[k] ?? [k.replace(/_/g, " "), `${k.replace(/_/g, " ")}s`];
    return `${n} ${n === 1 ? one : many}`;
  });
  // "3 DMs" says it all; "3 messages (3 DMs)" would say it twice.
  return tally.size === 1 ? parts[0]! : `${total} (${parts.join(", ")})`;
}

/** Drafts a drafts_create answer made, one per entry (variant siblings B, C … share their entry). */
function createdKinds(f: ToolFacts): string[] | null {
  const created = arr(f.output?.created);
  if (!created) return null;
  return created.map(obj).filter((c) => c && (c.variantLabel == null || c.variantLabel === "A")).map((c) => str(c!.kind) ?? "dm");
}

const SKIP_WORDS: Record<string, string> = { blocklisted: "on the blocklist", opted_out: "asked not to be contacted", suppressed: "asked for their data to be erased", invalid_account: "not one of the project's accounts" };

/** Names of people an answer lists under `results` with a true flag. */
function flagged(f: ToolFacts, flag: string, handleKey: string): string[] {
  return (arr(f.output?.results) ?? [])
    .map(obj)
    .filter((r) => r && r[flag] === true)
    .map((r) => str(r![handleKey]) ?? str(r!.targetUser) ?? "")
    .filter(Boolean);
}


export const CAMPAIGN_TOOL_WORDS: Record<string, ToolWords> = {
  run_start: {
    doing: () => "Reading the campaign brief",
    done: (f) => {
      const name = str(obj(f.output?.campaign)?.name);
      return name ? `Read the brief of ${name}` : "Read the campaign brief";
    },
    attempt: () => "read the campaign brief",
    result: (f) => {
      if (!f.output) return null;
      const accounts = arr(f.output.accounts)?.length;
      const contacted = arr(f.output.recentlyContacted)?.length;
      const examples = arr(f.output.templates)?.length;
      const parts = [
        accounts !== undefined ? `${count(accounts, "account")} to write from` : null,
        contacted !== undefined ? `${count(contacted, "person", "people")} contacted recently` : null,
        examples ? `${count(examples, "example message")}` : null,
      ].filter(Boolean);
      return parts.length ? parts.join(" · ") : null;
    },
  },
  run_finish: {
    doing: () => "Finishing",
    done: (f) => {
      const summary = str(f.input.summary);
      return summary ? `Finished: ${clip(summary, 400)}` : "Finished";
    },
    attempt: () => "finish the run",
  },
  blocklist_check: {
    doing: (f) => `Checking ${howMany(f.input.targets, "person", "people")} against your blocklist`,
    done: (f) => `Checked ${howMany(f.input.targets, "person", "people")} against your blocklist`,
    attempt: () => "check the blocklist",
    result: (f) => {
      if (!f.output) return null;
      const blocked = flagged(f, "blocked", "targetUser");
      return blocked.length ? `${count(blocked.length, "person", "people")} blocked: ${listOf(blocked)}` : "Nobody is blocked";
    },
  },
  contact_history_check: {
    doing: (f) => `Checking ${howMany(f.input.handles ?? f.input.targets, "person", "people")} against your contact history`,
    done: (f) => `Checked ${howMany(f.input.handles ?? f.input.targets, "person", "people")} against your contact history`,
    attempt: () => "check your contact history",
    result: (f) => {
      if (!f.output) return null;
      const days = num(f.output.windowDays);
      const within = days ? ` in the last ${days} days` : " recently";
      // "Contacted" means a message was sent; a draft still in review is only "drafted for".
      const results = (arr(f.output.results) ?? []).map(obj).filter((r) => r?.recentlyContacted === true);
      const sent = results.filter((r) => r!.source !== "draft").map((r) => str(r!.handle) ?? "");
      const drafted = results.filter((r) => r!.source === "draft").map((r) => str(r!.handle) ?? "");
      const parts = [
        sent.length ? `${count(sent.length, "person", "people")} contacted${within}: ${listOf(sent)}` : null,
        drafted.length ? `${count(drafted.length, "person", "people")} already drafted for: ${listOf(drafted)}` : null,
      ].filter(Boolean);
      return parts.length ? parts.join(" · ") : `Nobody was contacted or drafted for${within}`;
    },
  },
  drafts_create: {
    doing: (f) => `Drafting ${howMany(f.input.entries ?? f.input.drafts, "message", "messages")}`,
    done: (f) => {
      const kinds = createdKinds(f) ?? (arr(f.input.entries ?? f.input.drafts) ?? []).map((e) => str(obj(e)?.kind) ?? "dm");
      return kinds.length ? `Drafted ${draftKinds(kinds)}` : "Drafted nothing new";
    },
    attempt: () => "save the drafts",
    result: (f) => {
      if (!f.output) return null;
      const reasons = new Map<string, number>();
      for (const s of arr(f.output.skipped) ?? []) {
        const why = SKIP_WORDS[str(obj(s)?.reason) ?? ""] ?? "refused";
        reasons.set(why, (reasons.get(why) ?? 0) + 1);
      }
      const dedup = arr(f.output.dedupSkipped)?.length ?? 0;
      if (dedup) reasons.set("contacted or drafted for recently", dedup);
      const warnings = (arr(f.output.created) ?? []).map((c) => obj(obj(c)?.dedupWarning)).filter(Boolean);
      const contacted = warnings.filter((w) => w!.source !== "draft").length;
      const drafted = warnings.length - contacted;
      const parts = [...reasons].map(([why, n]) => `${n} skipped: ${why}`);
      if (contacted) parts.push(`${contacted} to people contacted before`);
      if (drafted) parts.push(`${drafted} to people already drafted for`);
      return parts.length ? parts.join(" · ") : "All waiting for your review";
    },
  },
  drafts_get: {
    doing: () => "Reading this campaign's drafts",
    done: (f) => {
      const drafts = arr(f.output?.drafts);
      return drafts ? `Read ${count(drafts.length, "draft")} of this campaign` : "Read this campaign's drafts";
    },
    attempt: () => "read the drafts",
  },
  drafts_update: {
    doing: (f) => `Revising draft #${String(f.input.id ?? "")}`,
    done: (f) => `Revised draft #${String(f.input.id ?? "")}`,
    attempt: () => "revise the draft",
    result: (f) => quality(f.input),
  },
};
