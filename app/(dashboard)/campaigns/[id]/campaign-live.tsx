"use client";

import { useRouter } from "next/navigation";
import { useStreamEvent, useStreamReconnect } from "@/app/_components/event-stream";

/**
 * Re-renders the campaign page when one of its runs starts or finishes (SPEC 6: the banner and Run now follow the
 * stream), and after a stream reconnect, when such an event may have been missed.
 */
export function CampaignLive({ campaignId }: { campaignId: number }) {
  const router = useRouter();
  const onRun = (data: { campaignId?: number | null }) => {
    if (data.campaignId === campaignId) router.refresh();
  };
  useStreamEvent("run:started", onRun);
  useStreamEvent("run:finished", onRun);
  useStreamReconnect(() => router.refresh());
  return null;
}
