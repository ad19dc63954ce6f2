"use client";

import { useRouter } from "next/navigation";
import { useStreamEvent, useStreamLive, useStreamReconnect } from "@/app/_components/event-stream";

/**
 * Re-renders the campaign page when one of its runs starts or finishes (SPEC 6: the banner and Run now follow the
 * stream), and after a stream reconnect, when such an event may have been missed. A run live when the page was
 * rendered may finish before the stream is: once live, the page is rendered again.
 */
export function CampaignLive({ campaignId, runLive }: { campaignId: number; runLive: boolean }) {
  const router = useRouter();
  const onRun = (data: { campaignId?: number | null }) => {
    if (data.campaignId === campaignId) router.refresh();
  };
  useStreamEvent("run:started", onRun);
  useStreamEvent("run:finished", onRun);
  useStreamReconnect(() => router.refresh());
  useStreamLive(() => router.refresh(), runLive);
  return null;
}
