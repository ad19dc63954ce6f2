"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useStreamEvent, useStreamReconnect } from "./event-stream";

type Props = {
  /** run:started and run:finished */
  runs?: boolean;
  /** drafts:changed */
  drafts?: boolean;
  /** project:description:updated */
  projects?: boolean;
};

// A burst (a run finishing writes drafts and its own row) becomes one re-render, not one per event.
const COALESCE_MS = 400;

/** Re-renders a server page when the stream says what it shows has changed, and after a reconnect. */
export function RefreshOnStream({ runs, drafts, projects }: Props) {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      router.refresh();
    }, COALESCE_MS);
  };
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  useStreamEvent("run:started", () => runs && refresh());
  useStreamEvent("run:finished", () => runs && refresh());
  useStreamEvent("drafts:changed", () => drafts && refresh());
  useStreamEvent("project:description:updated", () => projects && refresh());
  useStreamReconnect(refresh);
  return null;
}
