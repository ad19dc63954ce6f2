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
                // .tab-link (app/globals.css) looks selected through aria-current.
                className="tab-link"
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
