"use client";

// The Outcomes page's filters. A choice applies at once: the page's address changes (so a view is still a link that
// can be shared or bookmarked) and the server renders the figures for it. Without JavaScript the form is a plain GET
// form with its Apply button.
import { usePathname, useRouter } from "next/navigation";
import { useTransition, type ChangeEvent } from "react";
import { Button, LinkButton } from "@/app/_components/button";
import { Select } from "@/app/_components/select";
import { DEFAULT_PERIOD, PERIODS, type OutcomeFilterValues } from "./periods";

export function OutcomeFilters({ values, campaigns, playbooks, runners, labels = {} }: {
  values: OutcomeFilterValues;
  campaigns: { id: number; name: string }[];
  playbooks: string[];
  runners: string[];
  /** A playbook's title and an agent's name by slug: the slug is the value, never what a person reads. */
  labels?: Record<string, string>;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const filtered = values.campaignId || values.playbook || values.runner || values.period !== DEFAULT_PERIOD;

  function apply(e: ChangeEvent<HTMLFormElement>) {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(e.currentTarget)) {
      // Only what differs from the default goes in the address.
      if (typeof value === "string" && value && !(key === "period" && value === DEFAULT_PERIOD)) params.set(key, value);
    }
    const query = params.toString();
    startTransition(() => router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false }));
  }

  return (
    <form method="get" action="/outcomes" onChange={apply} className="mb-6 flex flex-wrap items-end gap-3" aria-label="Outcome filters" aria-busy={pending}>
      <Select id="period" label="Period" defaultValue={values.period} options={PERIODS} fieldClassName="w-44" />
      <Select
        id="campaignId"
        label="Campaign"
        defaultValue={values.campaignId}
        options={[{ value: "", label: "All campaigns" }, ...campaigns.map((c) => ({ value: String(c.id), label: c.name }))]}
        fieldClassName="w-56 max-w-full"
      />
      <Select
        id="playbook"
        label="Playbook"
        defaultValue={values.playbook}
        options={[{ value: "", label: "All playbooks" }, ...playbooks.map((p) => ({ value: p, label: labels[p] ?? p }))]}
        fieldClassName="w-44 max-w-full"
      />
      <Select
        id="runner"
        label="Agent"
        defaultValue={values.runner}
        options={[{ value: "", label: "All agents" }, ...runners.map((r) => ({ value: r, label: labels[r] ?? r }))]}
        fieldClassName="w-40 max-w-full"
      />
      <noscript>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </noscript>
      {pending ? (
        <span role="status" className="self-center text-sm text-zinc-500 dark:text-zinc-400">
          Updating…
        </span>
      ) : null}
      {filtered && !pending ? (
        <LinkButton href="/outcomes" variant="ghost">
          Clear
        </LinkButton>
      ) : null}
    </form>
  );
}
