// Account health on the project's Accounts tab (docs/removal-checks.md "Account health"): per account, how many of
// the posts and comments it sent in the last 30 days a removal check found removed or no longer visible. Its own
// component, so the Accounts table can change beside it.
import { Badge, type BadgeTone } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { describeAccountHealth, getAccountHealth, type AccountHealth } from "@/lib/removal-checks/get-account-health";

/** A share of removals an experienced sender would act on: one in ten is a warning, one in four a problem. */
function tone(h: AccountHealth): BadgeTone {
  if (h.checked === 0) return "neutral";
  const share = h.lost / h.checked;
  if (share >= 0.25) return "danger";
  if (share >= 0.1) return "warning";
  return "success";
}

export async function AccountHealthCard({ orgId, projectId }: { orgId: number; projectId: number }) {
  const health = await getAccountHealth({ orgId, projectId });
  if (health.length === 0) return null;
  return (
    <Card
      title="Removals"
      description="Public posts and comments are checked an hour and a day after sending, as a visitor who is not signed in sees them. Removed or no longer visible counts against the account; deleted by you does not."
      className="max-w-2xl"
    >
      <ul className="-my-2 divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="account-health">
        {health.map((h) => (
          <li key={h.accountId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium text-zinc-900 dark:text-zinc-100">{h.handle}</span>{" "}
              <span className="text-zinc-500 capitalize dark:text-zinc-400">{h.platform}</span>
            </span>
            <Badge tone={tone(h)} title={`${h.removed} removed, ${h.notVisible} not visible, ${h.deleted} deleted by you`}>
              {describeAccountHealth(h)}
            </Badge>
          </li>
        ))}
      </ul>
    </Card>
  );
}
