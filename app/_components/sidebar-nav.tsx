"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx } from "./cx";
import { useInboxWaiting, WaitingBadge } from "./inbox-waiting";

/** `waiting`: the item shows how many drafts wait for review (the Inbox). */
export type NavItem = { href: string; label: string; waiting?: boolean };

function isActive(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

export function SidebarNav({ items, inboxWaiting = null }: { items: NavItem[]; inboxWaiting?: number | null }) {
  const pathname = usePathname() ?? "/";
  const waiting = useInboxWaiting(inboxWaiting);
  return (
    <nav aria-label="Main" className="flex-1 px-3 py-2">
      <ul className="space-y-0.5">
        {items.map((item) => {
          const active = isActive(pathname, item.href);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={cx(
                  "flex items-center rounded-md px-3 py-1.5 text-sm font-medium transition-colors max-md:py-3",
                  "focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500",
                  active
                    ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300"
                    : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-zinc-100",
                )}
              >
                {item.label}
                {item.waiting && waiting !== null ? <WaitingBadge count={waiting} /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
