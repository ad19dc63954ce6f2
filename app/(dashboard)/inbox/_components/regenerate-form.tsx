"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/app/_components/button";
import { cx } from "@/app/_components/cx";
import { controlClasses } from "@/app/_components/field";

// Mirrors ZRegenerateBody's hint limit so the reviewer hears about it before the server refuses.
const HINT_MAX = 1000;

type RegenerateFormProps = {
  draftId: number;
  pending: boolean;
  onSubmit: (hint: string) => void;
  onClose: () => void;
};

/**
 * The Regenerate hint, opened in place under the row's actions. Kept inline rather than floating because the
 * table scrolls horizontally, which would clip a popover.
 */
export function RegenerateForm({ draftId, pending, onSubmit, onClose }: RegenerateFormProps) {
  const [hint, setHint] = useState("");
  const ref = useRef<HTMLInputElement>(null);
  const id = `regen-hint-${draftId}`;

  useEffect(() => ref.current?.focus(), []);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!pending) onSubmit(hint);
  }

  return (
    <form
      onSubmit={submit}
      aria-label={`Regenerate draft ${draftId}`}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          onClose();
        }
      }}
      className="mt-2 space-y-2 rounded-md border border-zinc-200 bg-zinc-50 p-3 dark:border-zinc-700 dark:bg-zinc-800/60"
    >
      <label htmlFor={id} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
        What should change? <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
      </label>
      <input
        id={id}
        ref={ref}
        value={hint}
        maxLength={HINT_MAX}
        onChange={(e) => setHint(e.target.value)}
        placeholder="Shorter, mention the free tier, less salesy…"
        className={cx(controlClasses, "h-8")}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" pending={pending}>
          Regenerate
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
