import Link from "next/link";
import { cx } from "./cx";

export type TabItem = { key: string; label: string; href: string; count?: number };

/** URL-driven tabs (`?tab=`): each tab is a link, so the server renders the selected panel. */
export function Tabs({ items, active, label }: { items: TabItem[]; active: string; label: string }) {
  return (
    <nav aria-label={label} className="mb-6 border-b border-zinc-200 dark:border-zinc-800">
      <ul className="-mb-px flex flex-wrap gap-1">
        {items.map((item) => {
          const selected = item.key === active;
          return (
            <li key={item.key}>
              <Link
                href={item.href}
                aria-current={selected ? "page" : undefined}
                className={cx(
                  "inline-flex items-center gap-2 whitespace-nowrap rounded-t-md border-b-2 px-3 py-2 text-sm font-medium",
                  "focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500",
                  selected
                    ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300"
                    : "border-transparent text-zinc-500 hover:border-zinc-300 hover:text-zinc-800 dark:text-zinc-400 dark:hover:border-zinc-600 dark:hover:text-zinc-200",
                )}
              >
                {item.label}
                {item.count !== undefined ? (
                  <span
                    className={cx(
                      "rounded-full px-1.5 text-xs tabular-nums",
                      selected
                        ? "bg-indigo-100 text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-300"
                        : "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400",
                    )}
                  >
                    {item.count}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
