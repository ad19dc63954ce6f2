import type { ReactNode } from "react";
import { ThemeToggle } from "../theme-toggle";

/** Centered card used by the pages outside the dashboard shell (sign in, first-run sign up). */
export function AuthCard({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-center gap-2">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-md bg-indigo-600 text-sm font-bold text-white dark:bg-indigo-500"
          >
            O
          </span>
          <span className="text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">Outreach</span>
        </div>
        <div className="rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <h1 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">{title}</h1>
          {description ? <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{description}</p> : null}
          <div className="mt-5">{children}</div>
        </div>
        {footer ? <div className="mt-4 text-center text-sm text-zinc-500 dark:text-zinc-400">{footer}</div> : null}
        <div className="mt-8 flex justify-center">
          <ThemeToggle />
        </div>
      </div>
    </main>
  );
}
