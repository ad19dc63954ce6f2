import type { Metadata } from "next";
import Link from "next/link";
import { LinkButton } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";
import { getPageContext } from "@/lib/auth/page-context";
import { PLATFORM_LABELS, PLATFORMS, SKILLS, skillLabel } from "@/lib/campaigns/catalog";
import { detectRunners } from "@/lib/runners/detect-runners";
import { listProjects } from "@/lib/projects/list-projects";
import { localRunnersAllowed } from "@/lib/runners/runner-policy";
import { CampaignCreateForm } from "./campaign-create-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New campaign" };

export default async function NewCampaignPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ orgId }, sp] = await Promise.all([getPageContext(), searchParams]);
  const [projects, runners] = await Promise.all([listProjects({ orgId }), detectRunners()]);
  const wanted = typeof sp.projectId === "string" ? Number(sp.projectId) : NaN;
  const initialProjectId = projects.some((p) => p.id === wanted) ? wanted : null;

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/campaigns" className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
            ← Campaigns
          </Link>
        }
        title="New campaign"
        description="Choose where the agent looks, what it drafts, when it runs and what it should know about your audience."
      />
      {projects.length === 0 ? (
        <EmptyState
          title="Create a project first"
          description="Campaigns belong to a project. Create one, add an account, then come back here."
          action={<LinkButton href="/projects#new-project">New project</LinkButton>}
        />
      ) : (
        <Card className="max-w-3xl">
          <CampaignCreateForm
            projects={projects.map((p) => ({ id: p.id, name: p.name }))}
            platforms={PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }))}
            skills={Object.fromEntries(PLATFORMS.map((p) => [p, SKILLS[p].map((s) => ({ value: s, label: skillLabel(s) }))]))}
            runners={runners.map((r) => ({ slug: r.slug, label: r.label, available: r.available, local: r.spec !== null }))}
            localRunners={localRunnersAllowed()}
            initialProjectId={initialProjectId}
          />
        </Card>
      )}
    </>
  );
}
