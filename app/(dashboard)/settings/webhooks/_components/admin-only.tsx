import { LinkButton } from "@/app/_components/button";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";

const WEBHOOKS_REASON =
  "Webhook endpoints carry signing secrets and URLs that often hold tokens, so only the organization's admins and owner can see or change them. Ask an admin if a receiver needs setting up.";

/** What a member sees instead of an admin-only Settings section: the API refuses them (403), so the page says why up front. */
export function AdminOnlyNotice({ section = "Webhooks", description = "Signed HTTP callbacks for runs, drafts and replies.", reason = WEBHOOKS_REASON }: { section?: string; description?: string; reason?: string }) {
  return (
    <>
      <PageHeader title={section} description={description} />
      <EmptyState
        title={`Only admins manage ${section.toLowerCase()}`}
        description={reason}
        icon={
          <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-5" aria-hidden="true">
            <rect x="4.5" y="9" width="11" height="8" rx="1.5" />
            <path d="M7 9V6.5a3 3 0 0 1 6 0V9" strokeLinecap="round" />
          </svg>
        }
        action={<LinkButton href="/settings" variant="secondary">Back to Settings</LinkButton>}
      />
    </>
  );
}
