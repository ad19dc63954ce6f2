import { RelativeTime } from "@/app/_components/relative-time";
import { cx } from "@/app/_components/cx";
import type { TimelineItem } from "@/lib/conversations/get-thread";
import { IntentPicker } from "@/app/_components/intent-picker";

/**
 * Every message of the thread in chronological order (SPEC 1.6): ours right-aligned in the primary colour, theirs
 * left-aligned and muted.
 */
export function Timeline({ items, parentDraftId }: { items: TimelineItem[]; parentDraftId: number }) {
  return (
    <ol aria-label="Messages" className="space-y-5">
      {items.map((m) => {
        const ours = m.direction === "outbound";
        const label = m.draftId === parentDraftId ? `Parent draft #${m.draftId}` : ours && m.draftId ? `Reply draft #${m.draftId}` : null;
        return (
          <li key={m.key} data-direction={m.direction} className={cx("flex", ours ? "justify-end" : "justify-start")}>
            <div className={cx("flex max-w-[min(42rem,80%)] flex-col", ours ? "items-end" : "items-start")}>
              <div
                className={cx(
                  "rounded-2xl px-4 py-2.5 text-sm leading-relaxed whitespace-pre-line [overflow-wrap:anywhere]",
                  ours
                    ? "rounded-br-sm bg-indigo-600 text-white shadow-sm dark:bg-indigo-500"
                    : "rounded-bl-sm border border-zinc-200 bg-zinc-100 text-zinc-800 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100",
                )}
              >
                {m.body}
              </div>
              <p className={cx("mt-1 flex flex-wrap gap-x-1.5 px-1 text-xs text-zinc-500 dark:text-zinc-400", ours && "justify-end")}>
                <span className="font-medium text-zinc-600 dark:text-zinc-300">{ours ? `You (${m.author})` : m.author}</span>
                <span aria-hidden="true">·</span>
                <RelativeTime at={m.sentAt} />
                {label ? (
                  <>
                    <span aria-hidden="true">·</span>
                    <span>{label}</span>
                  </>
                ) : null}
                {!ours && m.intent && m.messageId ? (
                  <>
                    <span aria-hidden="true">·</span>
                    <IntentPicker messageId={m.messageId} author={m.author} {...m.intent} />
                  </>
                ) : null}
                {m.permalink ? (
                  <>
                    <span aria-hidden="true">·</span>
                    <a href={m.permalink} target="_blank" rel="noreferrer" className="text-indigo-600 hover:underline dark:text-indigo-400">
                      View on platform
                    </a>
                  </>
                ) : null}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
