"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useStreamEvent, useStreamLive, useStreamReconnect } from "./event-stream";

type Props = {
  /** run:started and run:finished */
  runs?: boolean;
  /** drafts:changed */
  drafts?: boolean;
  /** project:description:updated */
  projects?: boolean;
  /** Only run and description events about this project (a project page). */
  projectId?: number;
  /**
   * The page shows work still going (a run it waits for): refresh once when the stream comes up, in case the work
   * ended between the server render and the connection.
   */
  pending?: boolean;
};

// A burst (a run finishing writes drafts and its own row) becomes one re-render, not one per event.
const COALESCE_MS = 400;

/** Re-renders a server page when the stream says what it shows has changed, and after a reconnect. */
export function RefreshOnStream({ runs, drafts, projects, projectId, pending = false }: Props) {
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

  const about = (data: { projectId?: number | null }) => projectId === undefined || data.projectId === projectId;
  useStreamEvent("run:started", (d) => runs && about(d) && refresh());
  useStreamEvent("run:finished", (d) => runs && about(d) && refresh());
  useStreamEvent("drafts:changed", () => drafts && refresh());
  useStreamEvent("project:description:updated", (d) => projects && about(d) && refresh());
  useStreamReconnect(refresh);
  useStreamLive(refresh, pending);
  return null;
}
