"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
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
                // .nav-link (app/globals.css) looks current through aria-current.
                className="nav-link"
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
