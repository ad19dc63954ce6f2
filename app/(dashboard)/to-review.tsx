import Link from "next/link";

const fmt = new Intl.NumberFormat("en");

/** Home's first line: the review queue, the reason most people open the dashboard. */
export function ToReview({ count, approved }: { count: number; approved: number }) {
  const waiting = count > 0;
  return (
    <Link
      href="/inbox"
      data-testid="home-to-review"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-5 py-4 shadow-xs transition-colors hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:hover:border-indigo-400/50"
    >
      <span>
        <span className="block text-lg font-semibold text-indigo-950 dark:text-indigo-100">
          {waiting ? `${fmt.format(count)} ${count === 1 ? "draft" : "drafts"} to review` : "No drafts to review"}
        </span>
        <span className="block text-sm text-indigo-900/80 dark:text-indigo-200/80">
          {waiting ? "Approve, edit or reject them in the inbox." : "You are all caught up."}
          {approved > 0 ? ` ${fmt.format(approved)} approved ${approved === 1 ? "draft is" : "drafts are"} waiting to be sent.` : ""}
        </span>
      </span>
      <span className="text-sm font-medium text-indigo-700 dark:text-indigo-300">Open the inbox →</span>
    </Link>
  );
}
