"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/app/_components/button";
import { cx } from "@/app/_components/cx";
import { controlClasses } from "@/app/_components/field";

// Mirrors the PATCH route's reason limit (lib/drafts/schemas.ts) so the reviewer hears about it first.
const REASON_MAX = 500;

type RejectFormProps = {
  draftId: number;
  pending: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
};

/**
 * One reject, with an optional reason kept on the draft's `rejected` event (as a bulk reject's is). Enter rejects at
 * once, with or without a reason, so `r` then Enter stays two keys; Escape leaves the draft as it was. Opened in
 * place under the row's actions, like the Regenerate hint: the table scrolls sideways and would clip a floating box.
 */
export function RejectForm({ draftId, pending, onSubmit, onClose }: RejectFormProps) {
  const [reason, setReason] = useState("");
  const ref = useRef<HTMLInputElement>(null);
  const id = `reject-reason-${draftId}`;

  useEffect(() => ref.current?.focus(), []);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!pending) onSubmit(reason.trim());
  }

  return (
    <form
      onSubmit={submit}
      aria-label={`Reject draft ${draftId}?`}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          onClose();
        }
      }}
      className="mt-2 flex max-w-xl flex-wrap items-end gap-2 rounded-md border border-red-200 bg-red-50/60 p-3 shadow-sm dark:border-red-900/60 dark:bg-red-950/30"
    >
      <div className="min-w-48 grow">
        <label htmlFor={id} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
          Why reject it? <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional, Enter to skip)</span>
        </label>
        <input
          id={id}
          ref={ref}
          value={reason}
          maxLength={REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Off-topic, wrong person, too pushy…"
          className={cx(controlClasses, "mt-1 h-8")}
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="danger" pending={pending}>
          Reject
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
