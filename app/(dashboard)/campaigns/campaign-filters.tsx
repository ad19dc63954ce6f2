"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { Button, Spinner } from "@/app/_components/button";
import { controlClasses } from "@/app/_components/field";
import { cx } from "@/app/_components/cx";

type Option = { value: string; label: string };

type Props = {
  projects: Option[];
  states: Option[];
  platforms: Option[];
};

const label = "block text-xs font-medium text-zinc-600 dark:text-zinc-400";
const KEYS = ["q", "projectId", "state", "platform"] as const;

/**
 * Search by name and filters by project, state and platform. Each change applies at once and lives in the URL
 * (?q=&projectId=&state=&platform=), so a filtered list can be reloaded, shared and gone back to; typing waits a
 * moment before it asks the server.
 */
export function CampaignFilters({ projects, states, platforms }: Props) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  // The filters as the person last set them. The URL catches up when the server has answered, so quick changes in
  // a row each build on the previous one, not on a URL that is still behind.
  const [query, setQuery] = useState(() => params.toString());
  const [q, setQ] = useState(params.get("q") ?? "");
  const sent = useRef(new Set<string>([params.toString()]));
  const latest = useRef(params.toString());
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);

  function apply(changes: Partial<Record<(typeof KEYS)[number], string>>) {
    const next = new URLSearchParams(latest.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    const qs = next.toString();
    latest.current = qs;
    sent.current.add(qs);
    setQuery(qs);
    startTransition(() => router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false }));
  }

  // A URL this box did not ask for (back, forward, a link) resets the filters to it.
  useEffect(() => {
    const inUrl = params.toString();
    if (sent.current.has(inUrl)) return;
    sent.current = new Set([inUrl]);
    latest.current = inUrl;
    setQuery(inUrl);
    setQ(params.get("q") ?? "");
  }, [params]);

  useEffect(() => () => {
    if (typing.current) clearTimeout(typing.current);
  }, []);

  const current = new URLSearchParams(query);
  const active = KEYS.some((k) => current.get(k));

  return (
    <div role="search" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Campaign filters">
      <div className="w-full space-y-1 sm:w-64">
        <label htmlFor="campaigns-q" className={label}>
          Search
        </label>
        <input
          id="campaigns-q"
          type="search"
          value={q}
          placeholder="Campaign name"
          maxLength={120}
          className={cx(controlClasses, "h-9")}
          onChange={(e) => {
            const value = e.target.value;
            setQ(value);
            if (typing.current) clearTimeout(typing.current);
            typing.current = setTimeout(() => apply({ q: value.trim() }), 250);
          }}
        />
      </div>
      <FilterSelect id="campaigns-project" label="Project" value={current.get("projectId") ?? ""} all="All projects" options={projects} onChange={(v) => apply({ projectId: v })} />
      <FilterSelect id="campaigns-state" label="State" value={current.get("state") ?? ""} all="Any state" options={states} onChange={(v) => apply({ state: v })} />
      <FilterSelect id="campaigns-platform" label="Platform" value={current.get("platform") ?? ""} all="All platforms" options={platforms} onChange={(v) => apply({ platform: v })} />
      {active ? (
        <Button
          variant="ghost"
          onClick={() => {
            if (typing.current) clearTimeout(typing.current);
            setQ("");
            apply({ q: "", projectId: "", state: "", platform: "" });
          }}
        >
          Clear filters
        </Button>
      ) : null}
      {pending ? <Spinner className="mb-2.5 size-4 text-zinc-500" /> : null}
    </div>
  );
}

function FilterSelect({ id, label: text, value, all, options, onChange }: { id: string; label: string; value: string; all: string; options: Option[]; onChange: (v: string) => void }) {
  return (
    <div className="w-[calc(50%-0.375rem)] space-y-1 sm:w-44">
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={cx(controlClasses, "h-9 pr-8")}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
