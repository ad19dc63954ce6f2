// The fast rule pass on an inbound reply (docs/conversations.md "Reply intent"), run as the reply is recorded, before
// any agent: the opt-out phrases the contact rules already use, then auto-replies and out-of-office notices in English
// and Italian (the extension's two languages). Anything else gets a low-confidence first guess that the
// reply-drafting run replaces through its tool call. Pure, so the unit test reads every pattern and near miss.
import { detectOptOut } from "@/lib/contacts/detect-opt-out";
import type { ReplyIntentJudgement } from "@/lib/replies/reply-intent";

// Written by a machine, or by a person saying they are away: both mean "not read yet, try again later".
const OUT_OF_OFFICE: RegExp[] = [
  /\bout\s+of\s+(?:the\s+)?office\b/i,
  /\bOOO\b/,
  /\bauto(?:matic)?[\s-]?(?:reply|response|responder)\b/i,
  /\b(?:i\s+am|i'?m)\s+(?:currently\s+)?(?:away|out|off)\s+(?:until|till|through|from|on)\b/i,
  /\b(?:i\s+am|i'?m)\s+(?:currently\s+)?on\s+(?:vacation|holiday|holidays|annual\s+leave|parental\s+leave|leave|sabbatical)\b/i,
  /\b(?:limited|no)\s+access\s+to\s+(?:my\s+)?(?:email|e-mail|messages|inbox)\b/i,
  /\bi\s+will\s+(?:be\s+back|return)\s+(?:on|after|from)\b/i,
  /\bfuori\s+(?:dall'|dal\s+|d')?ufficio\b/i,
  /\b(?:risposta|messaggio)\s+automatic[oa]\b/i,
  /\bsono\s+(?:attualmente\s+)?(?:in\s+ferie|in\s+vacanza|in\s+congedo|assente|fuori\s+sede)\b/i,
  /\bassente\s+fino\s+(?:al|a|all')\b/i,
  /\brientrer[òo]\s+(?:il|dal|lunedì|martedì|mercoledì|giovedì|venerdì|a)\b/i,
  /\bsar[òo]\s+(?:di\s+nuovo\s+)?(?:in\s+ufficio|disponibile|raggiungibile)\s+(?:dal|il|a\s+partire)\b/i,
];

const QUESTION_WORDS = /^(?:how|what|when|where|why|who|which|does|do|is|are|can|could|would|will|come|cosa|che|quando|dove|perché|perche|quanto|quanti|chi|quale|si\s+può|posso|puoi|potete)\b/i;

export function classifyReplyIntent(body: string): ReplyIntentJudgement {
  const flat = body.replace(/\s+/g, " ").trim();
  const optOut = detectOptOut(flat);
  if (optOut) return { intent: "opt_out", confidence: 0.95, reason: `Asked not to be contacted: "${clip(optOut.phrase)}"` };
  for (const rule of OUT_OF_OFFICE) {
    const m = flat.match(rule);
    if (m) return { intent: "out_of_office", confidence: 0.9, reason: `Away or an automatic reply: "${clip(m[0])}"` };
  }
  // No rule is sure of the rest: a first guess the drafting run replaces.
  if (flat.includes("?") || flat.split(/[.!\n]/).some((s) => QUESTION_WORDS.test(s.trim()))) {
    return { intent: "question", confidence: 0.4, reason: "Asks something; not yet read by the agent" };
  }
  return { intent: "other", confidence: 0.2, reason: "No rule matched; not yet read by the agent" };
}

function clip(s: string, max = 80): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
