// Home, for a Free organization close to (or past) its cloud-run minutes: how many are left, until when, and the way to
// more. Shown from 80% of the allowance (lib/billing/get-free-minutes-left.ts).
import Link from "next/link";
import { formatDate } from "@/app/_components/format";
import type { FreeMinutesLeft } from "@/lib/billing/get-free-minutes-left";
import { cx } from "@/app/_components/cx";

export function MinutesNotice({ minutes, canUpgrade }: { minutes: FreeMinutesLeft; canUpgrade: boolean }) {
  const { exhausted } = minutes;
  return (
    <div
      role="status"
      aria-label="Cloud-run minutes"
      className={cx(
        "mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3 text-sm",
        exhausted
          ? "border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
          : "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200",
      )}
    >
      <p>
        {exhausted
          ? `This month's ${minutes.includedMinutes} cloud-run minutes are used up: campaigns cannot run until ${formatDate(minutes.periodEnd)}.`
          : `${minutes.leftMinutes} of this month's ${minutes.includedMinutes} cloud-run minutes are left; they renew on ${formatDate(minutes.periodEnd)}.`}
      </p>
      {canUpgrade ? (
        <Link href="/settings/billing" className="font-medium underline underline-offset-2">
          {exhausted ? "Upgrade to keep running" : "See plans"}
        </Link>
      ) : (
        <span>Ask an admin of your organization to upgrade.</span>
      )}
    </div>
  );
}
