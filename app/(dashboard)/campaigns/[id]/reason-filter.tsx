"use client";

import { usePathname, useRouter } from "next/navigation";
import { FAILURE_REASON_LABELS } from "@/app/_components/run-badges";
import { FAILURE_REASONS } from "@/lib/runs/run-summary";

/** The run history's failure-reason filter, kept in the URL (`?reason=`) so a filtered view can be shared. */
export function ReasonFilter({ value }: { value: string | null }) {
  const router = useRouter();
  const pathname = usePathname();

  function onChange(next: string) {
    const params = new URLSearchParams(window.location.search);
    if (next) params.set("reason", next);
    else params.delete("reason");
    const qs = params.toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  }

  return (
    <label className="flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
      Failure reason
      <select
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value)}
        className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-xs text-zinc-800 shadow-xs focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        <option value="">All runs</option>
        {FAILURE_REASONS.map((r) => (
          <option key={r} value={r}>
            {FAILURE_REASON_LABELS[r] ?? r}
          </option>
        ))}
      </select>
    </label>
  );
}
