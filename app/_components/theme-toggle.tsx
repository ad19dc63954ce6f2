"use client";

import { useEffect, useState, type ReactNode } from "react";
import { cx } from "./cx";

type Theme = "light" | "dark" | "system";

const OPTIONS: Array<{ value: Theme; label: string; icon: ReactNode }> = [
  {
    value: "light",
    label: "Light",
    icon: (
      <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4" aria-hidden="true">
        <circle cx="10" cy="10" r="3.5" />
        <path d="M10 2v1.5M10 16.5V18M2 10h1.5M16.5 10H18M4.3 4.3l1.1 1.1M14.6 14.6l1.1 1.1M4.3 15.7l1.1-1.1M14.6 5.4l1.1-1.1" strokeLinecap="round" />
      </svg>
    ),
  },
  {
    value: "dark",
    label: "Dark",
    icon: (
      <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4" aria-hidden="true">
        <path d="M16.5 12.3A7 7 0 0 1 7.7 3.5a7 7 0 1 0 8.8 8.8Z" strokeLinejoin="round" />
      </svg>
    ),
  },
  {
    value: "system",
    label: "System",
    icon: (
      <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4" aria-hidden="true">
        <rect x="2.5" y="3.5" width="15" height="10" rx="1.5" />
        <path d="M7 16.5h6M10 13.5v3" strokeLinecap="round" />
      </svg>
    ),
  },
];

function readTheme(): Theme {
  try {
    const v = localStorage.getItem("theme");
    return v === "light" || v === "dark" ? v : "system";
  } catch {
    return "system";
  }
}

/** Light / Dark / System switch. Persists to localStorage.theme and re-applies via the script in the root layout. */
export function ThemeToggle({ className }: { className?: string }) {
  // Unknown until mounted: the server cannot see localStorage.
  const [theme, setTheme] = useState<Theme | null>(null);

  useEffect(() => {
    setTheme(readTheme());
  }, []);

  function choose(next: Theme) {
    try {
      localStorage.setItem("theme", next);
    } catch {
      // Private mode: the choice just won't persist.
    }
    setTheme(next);
    const w = window as Window & { __applyTheme?: () => void };
    if (w.__applyTheme) w.__applyTheme();
    else
      document.documentElement.classList.toggle(
        "dark",
        next === "dark" || (next === "system" && matchMedia("(prefers-color-scheme: dark)").matches),
      );
  }

  return (
    <div
      role="radiogroup"
      aria-label="Colour theme"
      className={cx(
        "inline-flex rounded-md border border-zinc-200 bg-zinc-100 p-0.5 dark:border-zinc-800 dark:bg-zinc-900",
        className,
      )}
    >
      {OPTIONS.map((o) => {
        const checked = theme === o.value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={checked}
            title={o.label}
            onClick={() => choose(o.value)}
            className={cx(
              "flex h-7 flex-1 items-center justify-center gap-1 rounded px-2 text-xs font-medium",
              "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500",
              checked
                ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-700 dark:text-zinc-50"
                : "text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-200",
            )}
          >
            {o.icon}
            <span className="sr-only">{o.label}</span>
          </button>
        );
      })}
    </div>
  );
}
