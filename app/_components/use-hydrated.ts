"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React owns the page. A controlled field typed into
 * before then can have its text reset or spliced by hydration, so editors stay read-only until this is true
 * (a few hundred milliseconds at most).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
