"use client";

import type { ReactNode } from "react";
import { useMediaQuery } from "./use-media-query";

/** Below Tailwind's `md` (48rem): the width at which lists turn into cards, like the inbox's. */
export const PHONE_QUERY = "(max-width: 47.98rem)";

/**
 * A list as a table on wide screens and as cards on a phone. Only one of the two is in the page, so a search by text
 * finds each row once. The server renders the table (it cannot know the width); a phone swaps in the cards as soon as
 * the page is hydrated.
 */
export function PhoneSwitch({ table, cards }: { table: ReactNode; cards: ReactNode }) {
  return useMediaQuery(PHONE_QUERY, false) ? cards : table;
}

export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false);
}
