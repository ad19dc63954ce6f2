"use client";

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** The buttons row at the bottom. */
  actions: ReactNode;
};

/**
 * The close events of a native <dialog> driven by React state. Escape closes the dialog by itself and announces it
 * with a `close` event a task later; `cancel` comes first, in the key's own task, so the state follows at once (a
 * shortcut pressed right after Escape reopens it). A late `close` from a dialog that is open again is stale: ignored.
 * When the browser has closed it without giving focus back to what had it before (nothing had, say), focus is still
 * on a button of the hidden dialog until the browser's next frame, and a key pressed then (`?` right after Escape,
 * in e2e) went to that button instead of the page: the `close` event takes it off. Not earlier: the browser gives
 * focus back only when it is still inside the dialog as it closes.
 */
export function nativeCloseEvents(ref: RefObject<HTMLDialogElement | null>, onClose: () => void) {
  return {
    onKeyDown: (e: KeyboardEvent<HTMLDialogElement>) => keepTabInside(e, ref.current),
    onCancel: () => onClose(),
    onClose: () => {
      if (ref.current?.open) return;
      releaseFocus(ref.current);
      onClose();
    },
  };
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round the dialog's controls. A native modal makes the page behind it inert, but Tab past its
 * last control still leaves the document (to the browser's own toolbar) before it comes back: a keyboard user lost
 * their place for a stop. Here the last control leads to the first and the first, backwards, to the last.
 */
function keepTabInside(e: KeyboardEvent<HTMLDialogElement>, dialog: HTMLDialogElement | null) {
  if (e.key !== "Tab" || !dialog) return;
  const controls = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
  if (controls.length === 0) return e.preventDefault();
  const [first, last] = [controls[0]!, controls[controls.length - 1]!];
  const at = document.activeElement;
  if (e.shiftKey && (at === first || at === dialog)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && at === last) {
    e.preventDefault();
    first.focus();
  }
}

function releaseFocus(dialog: HTMLDialogElement | null) {
  const focused = document.activeElement;
  if (dialog && focused instanceof HTMLElement && dialog.contains(focused)) focused.blur();
}

/** A modal on the native <dialog>: Escape, the backdrop and the inert page behind come from the browser; Tab stays inside. */
export function Dialog({ open, onClose, title, children, actions }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      {...nativeCloseEvents(ref, onClose)}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (e.target === ref.current) onClose();
      }}
      className="m-auto w-full max-w-md rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="px-5 py-4">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        <div className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">{children}</div>
      </div>
      <div className="flex justify-end gap-2 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">{actions}</div>
    </dialog>
  );
}
