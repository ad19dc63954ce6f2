"use client";

// "Check now" on a sent post or comment (POST /api/drafts/[id]/visibility-check): looks at it at once, as a visitor
// who is not signed in. Without a link to the post it first asks for one. The verdict comes back through the page's
// refresh (thread page) or the drafts stream (inbox).
import { useState } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";
import type { RemovalCheckView } from "@/lib/drafts/draft-view";

/** `collapsed`: without a link, show a small "Add link to check" first (the inbox's rows), not the form itself. */
export function CheckNow({ draftId, check, collapsed = false }: { draftId: number; check: RemovalCheckView; collapsed?: boolean }) {
  const { pending, error, run } = useMutation();
  const [permalink, setPermalink] = useState("");
  const [open, setOpen] = useState(!collapsed);
  const submit = (body: { permalink?: string }) =>
    run(() => apiFetch(`/api/drafts/${draftId}/visibility-check`, { method: "POST", body }));

  if (!check.checkable && !open) {
    return (
      <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(true)} title="Paste the link of the sent post to check whether it is still visible">
        Add link to check
      </Button>
    );
  }
  if (!check.checkable) {
    return (
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          void submit({ permalink: permalink.trim() });
        }}
      >
        <label htmlFor={`permalink-${draftId}`} className="block text-xs text-zinc-600 dark:text-zinc-400">
          Paste the link of the sent post or comment to check whether it is still visible.
        </label>
        <div className="flex flex-col items-start gap-2">
          <input
            id={`permalink-${draftId}`}
            type="url"
            required
            value={permalink}
            onChange={(e) => setPermalink(e.target.value)}
            placeholder="https://…/comments/…"
            className="w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          />
          <Button type="submit" variant="secondary" size="sm" pending={pending}>
            Check
          </Button>
        </div>
        <InlineError message={error} />
      </form>
    );
  }
  return (
    <div className="space-y-1">
      <Button type="button" variant="secondary" size="sm" pending={pending} onClick={() => void submit({})}>
        Check now
      </Button>
      <InlineError message={error} />
    </div>
  );
}
