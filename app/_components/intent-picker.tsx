"use client";

// A reviewer corrects what a reply means in one choice (docs/conversations.md "Reply intent"): the badge shows the
// current reading, the menu beside it saves the new one at once (PUT /api/messages/[id]/intent).
import { apiFetch } from "./api-fetch";
import { IntentBadge } from "./intent-badge";
import { useMutation } from "./use-mutation";
import { INTENT_LABELS, REPLY_INTENTS, type ReplyIntent } from "@/lib/replies/reply-intent";

export function IntentPicker(
  { messageId, intent, confidence, reason, source, author }: { messageId: number; intent: ReplyIntent; confidence: number | null; reason: string | null; source: string | null; author: string },
) {
  const { pending, error, run } = useMutation();
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <IntentBadge intent={intent} confidence={confidence} reason={reason} source={source} />
      <select
        aria-label={`Correct what ${author}'s reply means`}
        value={intent}
        disabled={pending}
        onChange={(e) => run(() => apiFetch(`/api/messages/${messageId}/intent`, { method: "PUT", body: { intent: e.target.value } }))}
        className="h-6 rounded border border-zinc-200 bg-white px-1 text-xs text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300"
      >
        {REPLY_INTENTS.map((i) => (
          <option key={i} value={i}>{INTENT_LABELS[i]}</option>
        ))}
      </select>
      {error ? <span role="alert" className="text-xs text-red-600 dark:text-red-400">{error}</span> : null}
    </span>
  );
}
