"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/app/_components/button";
import { nativeCloseEvents } from "@/app/_components/dialog";

export const KEYS = [
  { key: "j", label: "Next draft" },
  { key: "k", label: "Previous draft" },
  { key: "a", label: "Approve the focused draft" },
  { key: "r", label: "Reject the focused draft (a reason is optional: Enter rejects)" },
  { key: "e", label: "Edit the focused draft's body" },
  { key: "s", label: "Mark the focused approved draft as sent (asks for its link)" },
  { key: "x", label: "Select or unselect the focused draft" },
  { key: "/", label: "Search drafts" },
  { key: "z", label: "Undo the last approve, reject or bulk action while its notice shows" },
  { key: "?", label: "Show or hide this help" },
] as const;

type KeyName = (typeof KEYS)[number]["key"];

/** Typing in a field (a body edit, a hint, a filter) must never approve or reject anything. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']") !== null;
}

/** Single-key shortcuts for the review list. The handler sees the key only when nobody is typing. */
export function useInboxKeys(onKey: (key: KeyName) => void) {
  const handler = useRef(onKey);
  handler.current = onKey;

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (isTyping(e.target)) return;
      // Nothing acts behind a modal. The dialog's own state, not React's: Escape closes a native dialog at once,
      // and a key pressed before React has heard of it must already work on the list again.
      if (document.querySelector("dialog:modal")) return;
      const key = KEYS.find((k) => k.key === e.key)?.key;
      if (!key) return;
      e.preventDefault();
      handler.current(key);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}

/** The `?` overlay. A native modal dialog: it traps focus and closes on Escape by itself. */
export function KeyboardHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const closeEvents = nativeCloseEvents(ref, onClose);
  return (
    <dialog
      ref={ref}
      aria-labelledby="inbox-keys-title"
      {...closeEvents}
      onKeyDown={(e) => {
        // Tab stays inside the dialog, as in every dialog of the app.
        closeEvents.onKeyDown(e);
        // Only while open: a `?` pressed just after Escape can still find focus on the closed dialog's button.
        if (e.key === "?" && ref.current?.open) {
          e.preventDefault();
          onClose();
        }
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) onClose();
      }}
      className="m-auto w-full max-w-sm rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="px-5 py-4">
        <h2 id="inbox-keys-title" className="text-base font-semibold">
          Keyboard shortcuts
        </h2>
        <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">Keys are ignored while you type in a field.</p>
        <dl className="mt-4 space-y-2">
          {KEYS.map((k) => (
            <div key={k.key} className="flex items-center gap-3 text-sm">
              <dt>
                <kbd className="kbd">
                  {k.key}
                </kbd>
              </dt>
              <dd className="text-zinc-700 dark:text-zinc-300">{k.label}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-5 flex justify-end">
          <Button variant="secondary" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </dialog>
  );
}
