import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/app/_components/badge";
import { LocalTime } from "@/app/_components/local-time";
import { orNotFound, parseIdOr404 } from "@/app/_components/not-found-guard";
import { PageHeader } from "@/app/_components/page-header";
import { getPageContext } from "@/lib/auth/page-context";
import { getPlaybookOrThrow } from "@/lib/playbooks/get-playbook";
import { DuplicateButton } from "../_components/duplicate-button";
import { PlaybookEditor } from "./playbook-editor";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Playbook" };

export default async function PlaybookPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id: rawId }, { orgId }] = await Promise.all([params, getPageContext()]);
  const p = await orNotFound(getPlaybookOrThrow({ orgId, id: parseIdOr404(rawId) }));
  const used = p.campaignCount === 1 ? "Used by 1 campaign" : p.campaignCount > 1 ? `Used by ${p.campaignCount} campaigns` : "Not used by a campaign";

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/playbooks" className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
            Playbooks
          </Link>
        }
        title={
          <>
            {p.title}
            {p.isBuiltin ? (
              <Badge tone="primary" title="Read-only: duplicate it to make your own">
                Built-in
              </Badge>
            ) : null}
          </>
        }
        description={
          <>
            <code className="font-mono text-xs">{p.slug}</code> · updated <LocalTime at={p.updatedAt} />
            {p.isBuiltin ? null : <> · {used}</>}
          </>
        }
        actions={p.isBuiltin ? <DuplicateButton id={p.id} title={p.title} label="Duplicate to edit" variant="primary" /> : null}
      />
      <PlaybookEditor
        playbook={{ id: p.id, title: p.title, slug: p.slug, body: p.body, isBuiltin: p.isBuiltin, campaignCount: p.campaignCount }}
      />
    </>
  );
}
