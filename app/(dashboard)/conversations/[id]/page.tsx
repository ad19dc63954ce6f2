import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { LocalTime } from "@/app/_components/local-time";
import { orNotFound, parseIdOr404 } from "@/app/_components/not-found-guard";
import { PageHeader } from "@/app/_components/page-header";
import { RefreshOnStream } from "@/app/_components/refresh-on-stream";
import { ChatSyncBanner } from "@/app/_components/chat-sync-banner";
import { KindBadge, StateBadge } from "@/app/(dashboard)/inbox/_components/draft-badges";
import { getPageContext } from "@/lib/auth/page-context";
import { getAppConfig } from "@/lib/config/get-app-config";
import { getThreadOrThrow } from "@/lib/conversations/get-thread";
import { THREAD_KIND_LABELS } from "../../people/reply-status-badge";
import { OpenReply } from "./open-reply";
import { RemovalBadge } from "@/app/_components/removal/removal-badge";
import { CheckNow } from "@/app/_components/removal/check-now";
import { Timeline } from "./timeline";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Conversation" };

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-3 py-2 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id: rawId }, { orgId }] = await Promise.all([params, getPageContext()]);
  const id = parseIdOr404(rawId);
  // Another organization's thread is the same 404 as a missing one.
  const [detail, config] = await Promise.all([orNotFound(getThreadOrThrow({ orgId, id })), getAppConfig({ orgId })]);
  const { thread, parentDraft: p, timeline, openReplies } = detail;
  const thresholds = { red: config.quality_rubric.threshold_red, green: config.quality_rubric.threshold_green };

  return (
    <>
      <PageHeader
        eyebrow={
          <>
            <Link href="/people" className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
              People
            </Link>
            <span aria-hidden="true"> / </span>
            <span>Threads</span>
          </>
        }
        title={
          <>
            {thread.targetUser}
            <Badge tone="primary">{THREAD_KIND_LABELS[thread.kind] ?? thread.kind}</Badge>
          </>
        }
        description={
          <>
            <span className="capitalize">{thread.platform}</span> · from {thread.accountHandle} · {thread.messageCount}{" "}
            {thread.messageCount === 1 ? "message" : "messages"} · last message <LocalTime at={thread.lastMessageAt} />
          </>
        }
      />
      <RefreshOnStream runs drafts pending={openReplies.some((r) => r.runStatus === "running")} />
      <ChatSyncBanner orgId={orgId} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="conversation" className="min-w-0 space-y-6">
          <h2 id="conversation" className="sr-only">
            Conversation
          </h2>
          <Timeline items={timeline} parentDraftId={p.id} />
          {openReplies.length > 0 ? (
            <div className="space-y-4 border-t border-zinc-200 pt-6 dark:border-zinc-800">
              {openReplies.map((r) => (
                <OpenReply key={r.draft.id} reply={r} thresholds={thresholds} />
              ))}
            </div>
          ) : null}
        </section>

        <aside className="space-y-6">
          <Card title="Parent draft" description={`Draft #${p.id} opened this conversation.`}>
            <dl className="-my-2 divide-y divide-zinc-100 dark:divide-zinc-800">
              <Detail label="Kind">
                <KindBadge draft={p} />
              </Detail>
              <Detail label="State">
                <StateBadge state={p.state} />
              </Detail>
              {p.title ? <Detail label="Title">{p.title}</Detail> : null}
              {p.targetCommunity ? <Detail label="Community">{p.targetCommunity}</Detail> : null}
              {p.campaignId ? (
                <Detail label="Campaign">
                  <Link href={`/campaigns/${p.campaignId}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                    {p.campaignName ?? `#${p.campaignId}`}
                  </Link>
                </Detail>
              ) : null}
              {p.sentAt ? <Detail label="Sent"><LocalTime at={p.sentAt} /></Detail> : null}
              {p.removalCheck ? (
                <Detail label="Visibility">
                  <div className="space-y-2">
                    <RemovalBadge check={p.removalCheck} />
                    {p.removalCheck.status && p.removalCheck.checkedAt ? (
                      <p className="text-xs text-zinc-500 dark:text-zinc-400">Checked <LocalTime at={p.removalCheck.checkedAt} /></p>
                    ) : null}
                    {p.removalCheck.nextCheckAt ? (
                      <p className="text-xs text-zinc-500 dark:text-zinc-400">Next check <LocalTime at={p.removalCheck.nextCheckAt} /></p>
                    ) : null}
                    {p.removalCheck.error ? <p className="text-xs text-amber-700 dark:text-amber-300">Last check: {p.removalCheck.error}</p> : null}
                    {p.removalCheck.url ? (
                      <a href={p.removalCheck.url} target="_blank" rel="noreferrer" className="block break-all text-xs text-indigo-600 hover:underline dark:text-indigo-400">
                        {p.removalCheck.url}
                      </a>
                    ) : null}
                    <CheckNow draftId={p.id} check={p.removalCheck} />
                  </div>
                </Detail>
              ) : null}
              {p.targetUrl ? (
                <Detail label="On platform">
                  <a href={p.targetUrl} target="_blank" rel="noreferrer" className="break-all text-indigo-600 hover:underline dark:text-indigo-400">
                    {p.targetUrl}
                  </a>
                </Detail>
              ) : null}
            </dl>
          </Card>
          <Card title="Thread">
            <dl className="-my-2 divide-y divide-zinc-100 dark:divide-zinc-800">
              <Detail label="Person">{thread.targetUser}</Detail>
              <Detail label="Account">{thread.accountHandle}</Detail>
              <Detail label="Platform">
                <span className="capitalize">{thread.platform}</span>
              </Detail>
              <Detail label="Kind">{thread.kind === "dm" ? "Direct messages" : "Comment thread"}</Detail>
              <Detail label="Started"><LocalTime at={thread.createdAt} /></Detail>
            </dl>
          </Card>
        </aside>
      </div>
    </>
  );
}
