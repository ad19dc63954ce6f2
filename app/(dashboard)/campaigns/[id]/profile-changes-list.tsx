import { profileChanges } from "@/lib/campaigns/profile-changes";

/** A generated profile's changes in words, field by field, above the JSON diff. */
export function ProfileChangesList({ previous, generated }: { previous: unknown; generated: unknown }) {
  const changes = profileChanges(previous, generated);
  if (changes.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">The generated profile is the same as the current one.</p>;
  }
  return (
    <ul aria-label="What changes" className="space-y-2 text-sm" data-testid="profile-changes">
      {changes.map((c) => (
        <li key={c.key} className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
          <p className="font-medium text-zinc-900 dark:text-zinc-100">{c.label}</p>
          {c.kind === "list" ? (
            <div className="mt-1 space-y-0.5 text-zinc-700 dark:text-zinc-300">
              {c.added.length > 0 ? (
                <p>
                  <span className="font-medium text-emerald-700 dark:text-emerald-400">Added:</span> {c.added.join("; ")}
                </p>
              ) : null}
              {c.removed.length > 0 ? (
                <p>
                  <span className="font-medium text-red-700 dark:text-red-400">Removed:</span> {c.removed.join("; ")}
                </p>
              ) : null}
            </div>
          ) : (
            <div className="mt-1 grid gap-1 text-zinc-700 sm:grid-cols-2 sm:gap-3 dark:text-zinc-300">
              <p className="min-w-0 break-words">
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">Now</span>
                {c.before ?? <span className="text-zinc-500">Not set</span>}
              </p>
              <p className="min-w-0 break-words">
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">Generated</span>
                {c.after ?? <span className="text-zinc-500">Removed</span>}
              </p>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
