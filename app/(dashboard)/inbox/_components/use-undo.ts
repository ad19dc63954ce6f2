"use client";

import { useCallback, useRef, useState } from "react";
import type { DraftView } from "@/lib/drafts/draft-view";

/** What the undo notice shows; `undo` is absent once the offer is used (the notice then reports how it went). */
export type UndoNotice = { key: number; message: string; undo?: () => Promise<string> };

/**
 * The inbox's one undo offer: the latest approve, reject or bulk action can be taken back while its notice shows
 * (about 8 s, longer while hovered). A newer action replaces the offer; taking it back reports the outcome in place.
 */
export function useUndo() {
  const [notice, setNotice] = useState<UndoNotice | null>(null);
  const [pending, setPending] = useState(false);
  const seq = useRef(0);
  const pendingRef = useRef(false);

  const offer = useCallback((message: string, undo: () => Promise<string>) => {
    seq.current += 1;
    setNotice({ key: seq.current, message, undo });
  }, []);

  const dismiss = useCallback(() => {
    if (!pendingRef.current) setNotice(null);
  }, []);

  const takeBack = useCallback(async () => {
    const undo = notice?.undo;
    if (!undo || pendingRef.current) return;
    pendingRef.current = true;
    setPending(true);
    try {
      const outcome = await undo();
      seq.current += 1;
      setNotice({ key: seq.current, message: outcome });
    } finally {
      pendingRef.current = false;
      setPending(false);
    }
  }, [notice]);

  return { notice, pending, offer, dismiss, takeBack };
}

/** "the DM to @ana", "the comment in r/boardgames": how a notice names a draft. */
export function draftLabel(d: Pick<DraftView, "kind" | "targetUser" | "targetCommunity">): string {
  if (d.kind === "post") return d.targetCommunity ? `the post in ${d.targetCommunity}` : "the post";
  const what = d.kind === "dm" || d.kind === "reply_dm" ? "DM" : "comment";
  return `the ${what} to ${d.targetUser}`;
}
