// What the generator says motivated each change of a preview: the field, the reason, and the reviewers' decisions
// (drafts) behind it, linked to the inbox (docs/tuning.md "Learning from reviews").
import Link from "next/link";
import type { ProfileRationale } from "@/lib/skill-generation/schemas";

export function RationaleList({ rationale }: { rationale: ProfileRationale[] }) {
  if (rationale.length === 0) return null;
  return (
    <section aria-labelledby="tuning-rationale" className="rounded-md border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-500/30 dark:bg-indigo-500/10">
      <h4 id="tuning-rationale" className="text-xs font-semibold text-zinc-800 dark:text-zinc-200">Why: the review decisions behind each change</h4>
      <ul className="mt-2 space-y-2.5 text-sm">
        {rationale.map((r, i) => (
          <li key={i} className="text-zinc-700 dark:text-zinc-300">
            <span className="mr-1.5 rounded bg-white px-1.5 py-0.5 font-mono text-xs text-zinc-800 ring-1 ring-zinc-200 dark:bg-zinc-900 dark:text-zinc-200 dark:ring-zinc-700">{r.field}</span>
            {r.change}
            {r.draftIds.length > 0 ? (
              <span className="mt-0.5 block text-xs text-zinc-500 dark:text-zinc-400">
                From {r.draftIds.length === 1 ? "draft" : "drafts"}{" "}
                {r.draftIds.map((id, k) => (
                  <span key={id}>
                    {k > 0 ? ", " : ""}
                    <Link href={`/inbox?state=all&ids=${id}`} className="text-indigo-600 hover:underline dark:text-indigo-400">#{id}</Link>
                  </span>
                ))}
                {r.draftIds.length > 1 ? (
                  <>
                    {" · "}
                    <Link href={`/inbox?state=all&ids=${r.draftIds.join(",")}`} className="text-indigo-600 hover:underline dark:text-indigo-400">open all in the inbox</Link>
                  </>
                ) : null}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
