"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";

export type UnsavedChanges = {
  /** Where a followed link would go while the person decides, or null when nothing is being asked. */
  leavingTo: string | null;
  /** Stay on the page: the edits are kept. */
  stay: () => void;
  /** Follow the link after all, dropping the edits. */
  leave: () => void;
};

/** A click that would take this tab to another page of the app (not a new tab, a download or another site). */
function internalLink(e: MouseEvent): HTMLAnchorElement | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = e.target instanceof Element ? e.target.closest("a[href]") : null;
  if (!(a instanceof HTMLAnchorElement) || a.hasAttribute("download")) return null;
  if (a.target && a.target !== "_self") return null;
  const to = new URL(a.href, window.location.href);
  if (to.origin !== window.location.origin) return null;
  // A link to this very page (an in-page anchor) leaves nothing behind.
  if (to.pathname === window.location.pathname && to.search === window.location.search) return null;
  return a;
}

/**
 * Asks before unsaved edits are dropped. Closing or reloading the tab gets the browser's own prompt (beforeunload).
 * The App Router has no navigation events to cancel, and its <Link> navigates without unloading the page, so a click
 * on a link to another page is caught on its way down (capture phase, on window, before React or Next see it) and
 * held until the person answers; Leave replays the click on the same link, so a <Link> still navigates client-side.
 * Back and forward buttons are not covered: the App Router gives no way to hold them.
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const router = useRouter();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const held = useRef<HTMLAnchorElement | null>(null);
  // Set while a confirmed click is replayed, so the listeners let it (and the unload it may cause) through.
  const released = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    released.current = false;
    const onClick = (e: MouseEvent) => {
      if (released.current) return;
      const a = internalLink(e);
      if (!a) return;
      e.preventDefault();
      e.stopPropagation();
      held.current = a;
      setLeavingTo(a.href);
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (released.current) return;
      e.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      e.returnValue = "";
    };
    window.addEventListener("click", onClick, true);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [dirty]);

  const stay = useCallback(() => {
    held.current = null;
    setLeavingTo(null);
  }, []);

  const leave = useCallback(() => {
    const a = held.current;
    const href = leavingTo;
    held.current = null;
    setLeavingTo(null);
    released.current = true;
    if (a?.isConnected) a.click();
    else if (href) router.push(href);
  }, [leavingTo, router]);

  return { leavingTo, stay, leave };
}
