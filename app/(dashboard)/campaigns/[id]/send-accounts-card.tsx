// The campaign's sending accounts (docs/sending-limits.md "Spread over accounts"): each account its drafts without an
// account may go from, its room today under its limits, and its health in the words of the project's Accounts tab
// (credentials as the platform last judged them, removals found by the checks); the list is edited in place.
import Link from "next/link";
import { Badge, type BadgeTone } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { RelativeTime } from "@/app/_components/relative-time";
import type { CampaignSendAccounts } from "@/lib/campaigns/get-campaign-send-accounts";
import { SendAccountsForm } from "./send-accounts-form";

type Account = CampaignSendAccounts["accounts"][number];

/** The same thresholds as the Accounts tab's removals: one in ten a warning, one in four a problem. */
function removalTone(h: Account["health"]): BadgeTone {
  if (h.checkedPosts === 0) return "neutral";
  const share = h.removedPosts / h.checkedPosts;
  return share >= 0.25 ? "danger" : share >= 0.1 ? "warning" : "success";
}

function Credentials({ h }: { h: Account["health"] }) {
  switch (h.credentials) {
    case "none":
      return <Badge tone="neutral">No credentials</Badge>;
    case "stored":
      return <Badge tone="neutral">Stored, not used yet</Badge>;
    case "working":
      return <Badge tone="success">Working</Badge>;
    default:
      return <Badge tone="danger" title={h.lastFailureReason ?? undefined}>Sign-in failed</Badge>;
  }
}

export function SendAccountsCard({ data, projectId }: { data: CampaignSendAccounts; projectId: number }) {
  const spread = data.accounts.length > 0;
  return (
    <Card
      id="sending-accounts"
      title="Sending accounts"
      description={
        spread
          ? "Drafts made without an account go from the one with the most room when they are sent; a person already written to stays with their account."
          : "Each draft goes from the account it names. Choose accounts here to spread sends over them."
      }
    >
      {spread ? (
        <ul className="-my-2 divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="send-accounts">
          {data.accounts.map((a) => (
            <li key={a.id} className="space-y-1.5 py-3 text-sm" data-account-id={a.id}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link href={`/projects/${projectId}?tab=accounts&account=${a.id}#account-${a.id}`} className="min-w-0 font-medium break-all text-zinc-900 hover:underline dark:text-zinc-100">
                  {a.handle}
                </Link>
                <span className="text-xs font-medium text-zinc-700 tabular-nums dark:text-zinc-300">
                  {a.sending.roomToday} of {a.sending.dayCap} left today
                </span>
              </div>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">{a.sending.words}</p>
              <div className="flex flex-wrap items-center gap-2">
                <Credentials h={a.health} />
                {a.health.words ? (
                  <Badge tone={removalTone(a.health)} title="Public posts and comments checked an hour and a day after sending">
                    {a.health.words}
                  </Badge>
                ) : null}
                {a.health.credentials === "failed" && a.health.lastFailedAt ? (
                  <span className="text-xs break-words text-red-700 dark:text-red-300">
                    <RelativeTime at={a.health.lastFailedAt} />
                    {a.health.lastFailureReason ? `: ${a.health.lastFailureReason}` : null}
                  </span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={spread ? "mt-4 border-t border-zinc-100 pt-4 dark:border-zinc-800" : undefined}>
        <SendAccountsForm
          campaignId={data.campaignId}
          accounts={[...data.accounts.map((a) => ({ id: a.id, handle: a.handle, chosen: true })), ...data.available.map((a) => ({ id: a.id, handle: a.handle, chosen: false }))]}
        />
      </div>
    </Card>
  );
}
