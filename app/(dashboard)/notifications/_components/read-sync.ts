"use client";

// The bell (in the sidebar) and the Notifications page each hold their own copy of the list; when one marks
// notifications read it tells the other through this window event, so the badge and the rows never disagree.
import { useEffect, useRef } from "react";

const EVENT = "outreach:notifications-read";

export type ReadChange = { ids: number[] | "all"; unread: number };

export function announceRead(change: ReadChange): void {
  window.dispatchEvent(new CustomEvent<ReadChange>(EVENT, { detail: change }));
}

export function useReadSync(handler: (change: ReadChange) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const listener = (e: Event) => ref.current((e as CustomEvent<ReadChange>).detail);
    window.addEventListener(EVENT, listener);
    return () => window.removeEventListener(EVENT, listener);
  }, []);
}
