"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useStreamEvent, useStreamReconnect } from "@/app/_components/event-stream";

// A finishing run writes its row and its artifact together; one re-render covers the burst.
const COALESCE_MS = 300;

/**
 * Re-renders the project page when one of its runs starts or finishes (the Insights tab's Regenerate now and the
 * Auto-extract button follow `run:started` / `run:finished`), when its description changes
 * (`project:description:updated`), and after a stream reconnect, when such an event may have been missed.
 */
export function ProjectLive({ projectId }: { projectId: number }) {
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
  const onRun = (data: { projectId?: number | null }) => {
    if (data.projectId === projectId) refresh();
  };
  useStreamEvent("run:started", onRun);
  useStreamEvent("run:finished", onRun);
  useStreamEvent("project:description:updated", onRun);
  useStreamReconnect(refresh);
  return null;
}
