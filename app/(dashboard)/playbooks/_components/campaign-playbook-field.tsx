"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Select, type SelectOption } from "@/app/_components/select";
import { skillLabel } from "@/lib/campaigns/catalog";

type PlaybookRow = { id: number; slug: string; title: string; isBuiltin: boolean };

/**
 * The campaign form's "Playbook" select (field name `playbookId`): the skill's built-in, or one of the
 * organization's own playbooks. It loads its options itself so the campaign page needs no change; until they are
 * loaded the select is disabled, and a disabled field is left out of the form data (the PATCH then omits it).
 */
export function CampaignPlaybookField({ campaignId }: { campaignId: number }) {
  const [state, setState] = useState<{ skill: string; playbookId: number | null; playbooks: PlaybookRow[] } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([
      apiFetch<{ skill: string; playbookId: number | null }>(`/api/campaigns/${campaignId}`),
      apiFetch<{ playbooks: PlaybookRow[] }>("/api/playbooks"),
    ])
      .then(([campaign, list]) => live && setState({ skill: campaign.skill, playbookId: campaign.playbookId, playbooks: list.playbooks }))
      .catch((err) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [campaignId]);

  // Playbooks by their titles: the slug is an id for campaigns and the API, not a name a person reads.
  const builtin = state?.playbooks.find((p) => p.isBuiltin && p.slug === state.skill);
  const options: SelectOption[] = state
    ? [
        { value: "", label: `Built-in: ${builtin?.title ?? skillLabel(state.skill)}` },
        // The organization's own playbooks, plus a built-in only if the campaign already points at it.
        ...state.playbooks
          .filter((p) => !p.isBuiltin || p.id === state.playbookId)
          .map((p) => ({ value: String(p.id), label: p.isBuiltin ? `Built-in: ${p.title}` : p.title })),
      ]
    : [{ value: "", label: "Loading playbooks…" }];

  return (
    <Select
      id="edit-campaign-playbook"
      name="playbookId"
      label="Playbook"
      options={options}
      disabled={!state}
      // Remount once loaded so the current choice becomes the default value.
      key={state ? "loaded" : "loading"}
      defaultValue={state?.playbookId ? String(state.playbookId) : ""}
      error={error}
      hint={
        <>
          What the agent follows on each run; runs keep a copy. <Link href="/playbooks" className="text-indigo-600 underline underline-offset-2 dark:text-indigo-400">Manage playbooks</Link>
        </>
      }
    />
  );
}
