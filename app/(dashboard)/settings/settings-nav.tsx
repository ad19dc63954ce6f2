"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx } from "@/app/_components/cx";

export type SettingsSection = { href: string; label: string };

export function SettingsNav({ sections }: { sections: SettingsSection[] }) {
  const pathname = usePathname() ?? "/settings";
  return (
    <nav aria-label="Settings sections" className="mb-6 border-b border-zinc-200 dark:border-zinc-800">
      <ul className="-mb-px flex flex-wrap gap-1">
        {sections.map((s) => {
          const active = s.href === "/settings" ? pathname === "/settings" : pathname === s.href || pathname.startsWith(`${s.href}/`);
          return (
            <li key={s.href}>
              <Link
                href={s.href}
                aria-current={active ? "page" : undefined}
                className={cx(
                  "inline-flex items-center rounded-t-md border-b-2 px-3 py-2 text-sm font-medium",
                  "focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500",
                  active
                    ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300"
                    : "border-transparent text-zinc-500 hover:border-zinc-300 hover:text-zinc-800 dark:text-zinc-400 dark:hover:border-zinc-600 dark:hover:text-zinc-200",
                )}
              >
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
