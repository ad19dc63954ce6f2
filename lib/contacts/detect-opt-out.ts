// Does a reply ask not to be contacted again? English and Italian (the extension's two languages). Pure, so the unit
// test reads every phrase and every near miss. The rules lean towards not matching: a missed opt-out is still caught
// by the reviewer reading the reply (and marked by hand on the People page), while a wrong one silences a person who
// wanted to talk. So "stop" counts only as the whole message or aimed at our messages, never "don't stop" or
// "stop by"; "not interested" counts unless the sentence goes on with a "but" or starts with "if".

export interface OptOutMatch {
  /** The words that asked for it, as written. */
  phrase: string;
}

// Aimed at us: stop / quit + messaging-me verbs, "don't message me", "leave me alone", "remove me from your list".
const EN_STRONG: RegExp[] = [
  /\b(?:stop|quit)\s+(?:messaging|contacting|writing(?:\s+to)?|texting|spamming|emailing|dm'?ing|pm'?ing|bothering|pinging|sending)\s+me\b/i,
  /\b(?:please\s+)?(?:do\s+not|don'?t|dont|never)\s+(?:message|contact|dm|pm|write(?:\s+to)?|email|text|ping|bother)\s+me\b/i,
  /\bleave\s+me\s+alone\b/i,
  /\b(?:remove|take)\s+me\s+(?:from|off)\s+(?:your|the|this)\s+(?:mailing\s+)?list\b/i,
  /\bunsubscribe\b/i,
  /\bno\s+more\s+(?:messages|dms|pms|emails)\b/i,
  /\bnot\s+interested\b/i,
  /\bi'?m\s+not\s+interested\b/i,
];
const IT_STRONG: RegExp[] = [
  /\bnon\s+(?:mi\s+)?interessa(?:no)?\b/i,
  /\bnon\s+sono\s+interessat[oaie]\b/i,
  /\bnon\s+(?:contattarmi|scrivermi|cercarmi|mandarmi\s+(?:più\s+|altri\s+)?messaggi)\b/i,
  /\bnon\s+mi\s+(?:contattare|scrivere|cercare)\b/i,
  /\b(?:smettila|smetti|smettete|basta)\s+di\s+(?:scrivermi|contattarmi|mandarmi\s+messaggi|cercarmi)\b/i,
  /\blasciami\s+in\s+pace\b/i,
  /\b(?:cancellami|disiscrivimi|toglimi)\b/i,
  /\bbasta\s+(?:messaggi|spam)\b/i,
];
// The whole message is one of these (after punctuation and emoji are gone).
const WHOLE = /^(?:please\s+)?(?:stop|stop\s+it|stop\s+please|unsubscribe|basta|basta\s+grazie|stop\s+grazie|no\s+thanks?|no\s+grazie)(?:\s+please)?$/i;

// Words before a match that turn it around: "don't stop messaging me", "if you're not interested", "non smettere".
const NEGATED_BEFORE = /\b(?:don'?t|do\s+not|never|can'?t|cannot|won'?t|wouldn'?t|if|unless|whether|non|se)\s+(?:\S+\s+){0,2}$/i;
// A "not interested ... but" sentence is about one thing, not about us.
const TURNS_AFTER = /^[^.!?\n]*\b(?:but|however|although|though|ma|però|tuttavia)\b/i;

export function detectOptOut(text: string): OptOutMatch | null {
  const flat = text.replace(/\s+/g, " ").trim();
  const bare = flat.replace(/[^\p{L}\p{N}'\s]/gu, " ").replace(/\s+/g, " ").trim();
  if (WHOLE.test(bare)) return { phrase: flat };
  for (const rule of [...EN_STRONG, ...IT_STRONG]) {
    const re = new RegExp(rule.source, rule.flags.includes("g") ? rule.flags : rule.flags + "g");
    for (const m of flat.matchAll(re)) {
      const before = flat.slice(0, m.index);
      const sentenceStart = Math.max(before.lastIndexOf("."), before.lastIndexOf("!"), before.lastIndexOf("?"), before.lastIndexOf("\n"));
      const inSentence = before.slice(sentenceStart + 1);
      // "never message me" is itself the request; other negations in front turn the phrase around.
      const selfNegating = /^(?:please\s+)?(?:do\s+not|don'?t|dont|never|non)\b/i.test(m[0]);
      if (!selfNegating && NEGATED_BEFORE.test(inSentence)) continue;
      if (/interes/i.test(m[0]) && (TURNS_AFTER.test(flat.slice(m.index! + m[0].length)) || /\b(?:if|se|unless)\b/i.test(inSentence))) continue;
      return { phrase: m[0] };
    }
  }
  return null;
}
