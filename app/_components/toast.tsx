"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "./button";

export type ToastAction = { label: string; onClick: () => void; pending?: boolean };

/** How long a notice stays: long enough to read it and reach its Undo. */
export const TOAST_MS = 8000;

/**
 * A short notice in the corner that goes away by itself after a few seconds, optionally with one action (Undo).
 * The countdown pauses while the pointer or focus is on it, so nobody loses an Undo while reaching for it.
 * Give each new notice its own `key` so its countdown starts afresh even when the text repeats.
 */
export function Toast({ message, onDismiss, action }: { message: string | null; onDismiss: () => void; action?: ToastAction }) {
  const [held, setHeld] = useState(false);
  const left = useRef(TOAST_MS);
  const busy = held || Boolean(action?.pending);

  useEffect(() => {
    if (!message || busy) return;
    const started = Date.now();
    const t = setTimeout(onDismiss, left.current);
    return () => {
      clearTimeout(t);
      left.current = Math.max(1000, left.current - (Date.now() - started));
    };
  }, [message, onDismiss, busy]);
  if (!message) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      className="fixed right-6 bottom-6 z-50 flex max-w-sm items-center gap-3 rounded-lg border border-zinc-200 bg-white px-4 py-3 text-sm text-zinc-800 shadow-lg max-md:inset-x-2 max-md:right-auto max-md:bottom-2 max-md:max-w-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <p className="flex-1">{message}</p>
      {action ? (
        <Button size="sm" variant="secondary" onClick={action.onClick} pending={action.pending} disabled={action.pending}>
          {action.label}
        </Button>
      ) : null}
      <button type="button" onClick={onDismiss} className="text-zinc-500 hover:text-zinc-700 dark:hover:text-zinc-200" aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}
