// The Outcomes page's filters: a plain GET form, so a view is a link that can be shared or bookmarked.
import { Button, LinkButton } from "@/app/_components/button";
import { Select } from "@/app/_components/select";

export const PERIODS = [
  { value: "28", label: "Last 4 weeks" },
  { value: "84", label: "Last 12 weeks" },
  { value: "182", label: "Last 26 weeks" },
  { value: "364", label: "Last 52 weeks" },
];

export type OutcomeFilterValues = { period: string; campaignId: string; playbook: string; runner: string };

export function OutcomeFilters({ values, campaigns, playbooks, runners }: {
  values: OutcomeFilterValues;
  campaigns: { id: number; name: string }[];
  playbooks: string[];
  runners: string[];
}) {
  const filtered = values.campaignId || values.playbook || values.runner || values.period !== "84";
  return (
    <form method="get" action="/outcomes" className="mb-6 flex flex-wrap items-end gap-3" aria-label="Outcome filters">
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
        options={[{ value: "", label: "All playbooks" }, ...playbooks.map((p) => ({ value: p, label: p }))]}
        fieldClassName="w-44 max-w-full"
      />
      <Select
        id="runner"
        label="Runner"
        defaultValue={values.runner}
        options={[{ value: "", label: "All runners" }, ...runners.map((r) => ({ value: r, label: r }))]}
        fieldClassName="w-40 max-w-full"
      />
      <Button type="submit" variant="secondary">Apply</Button>
      {filtered ? <LinkButton href="/outcomes" variant="ghost">Clear</LinkButton> : null}
    </form>
  );
}
