"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button, LinkButton } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { Checkbox, Input } from "@/app/_components/input";
import { Select } from "@/app/_components/select";
import { Textarea } from "@/app/_components/textarea";
import { useMutation } from "@/app/_components/use-mutation";
import { parseConfigJson } from "../config-json";

type Props = {
  projects: Array<{ id: number; name: string }>;
  platforms: readonly string[];
  skills: Record<string, readonly string[]>;
  /** Detection results: local runners that are not installed are offered but disabled. */
  runners: readonly { slug: string; label: string; available: boolean; local: boolean }[];
  initialProjectId: number | null;
};

const PLATFORM_LABELS: Record<string, string> = { forum: "Forum", federated: "Federated" };

/** POST /api/campaigns, then open the new campaign. */
export function CampaignCreateForm({ projects, platforms, skills, runners, initialProjectId }: Props) {
  const router = useRouter();
  const { pending, error, setError, run } = useMutation();
  const [platform, setPlatform] = useState(platforms[0] ?? "forum");
  const [skill, setSkill] = useState((skills[platforms[0] ?? "forum"] ?? [])[0] ?? "");
  const [configError, setConfigError] = useState<string | null>(null);
  const platformSkills = skills[platform] ?? [];

  function changePlatform(next: string) {
    setPlatform(next);
    const list = skills[next] ?? [];
    if (!list.includes(skill)) setSkill(list[0] ?? "");
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const config = parseConfigJson(String(f.get("config") ?? ""));
    if (!config.ok) {
      setConfigError(config.message);
      return;
    }
    setConfigError(null);
    const cron = String(f.get("cron") ?? "").trim();
    const body = {
      projectId: Number(f.get("projectId")),
      name: String(f.get("name") ?? "").trim(),
      platform,
      skill,
      runner: String(f.get("runner") ?? ""),
      ...(cron ? { cron } : {}),
      ...(platform === "federated" ? { autoPost: f.get("autoPost") === "on" } : {}),
      config: config.value,
    };
    const created = await run(() => apiFetch<{ id: number }>("/api/campaigns", { method: "POST", body }), { refresh: false });
    if (created?.id) router.push(`/campaigns/${created.id}`);
    else if (created) router.push("/campaigns");
  }

  return (
    // A refusal describes the input that was sent: once the person edits the form, it no longer applies.
    <form onSubmit={onSubmit} onChange={() => error && setError(null)} className="space-y-5">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Select
          id="campaign-project"
          name="projectId"
          label="Project"
          defaultValue={initialProjectId !== null ? String(initialProjectId) : undefined}
          options={projects.map((p) => ({ value: String(p.id), label: p.name }))}
        />
        <Input id="campaign-name" name="name" label="Name" required maxLength={120} placeholder="e.g. Weekly scout" />
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Select
          id="campaign-platform"
          name="platform"
          label="Platform"
          value={platform}
          onChange={(e) => changePlatform(e.target.value)}
          options={platforms.map((p) => ({ value: p, label: PLATFORM_LABELS[p] ?? p }))}
        />
        <Select
          id="campaign-skill"
          name="skill"
          label="Skill"
          value={skill}
          onChange={(e) => setSkill(e.target.value)}
          options={platformSkills.map((s) => ({ value: s, label: s }))}
        />
        <Select
          id="campaign-runner"
          name="runner"
          label="Runner"
          // The cloud runner when it is connected, else the first runner installed here: a new campaign should be
          // able to run. With none available, cloud (the first) stays the default and the banner says what to do.
          defaultValue={(runners.find((r) => r.available) ?? runners[0])?.slug}
          options={runners.map((r) => ({
            value: r.slug,
            label: r.local ? `${r.label}${r.available ? "" : " (not installed)"}` : `${r.label} (managed${r.available ? "" : ", not connected"})`,
            // Cloud stays selectable (it is the default); a run refuses it while it is unavailable.
            disabled: r.local && !r.available,
          }))}
          hint="Kept on the campaign (change it later on its page; past runs keep theirs). Install a local agent CLI to enable it (Settings > Agent runners)."
        />
      </div>

      <Input
        id="campaign-cron"
        name="cron"
        label="Schedule (cron)"
        optional
        placeholder="0 9 * * 1-5"
        className="font-mono"
        hint="Five fields: minute hour day-of-month month day-of-week. Leave empty to run only on demand."
      />

      {platform === "federated" ? (
        <Checkbox
          id="campaign-autoPost"
          name="autoPost"
          label="Auto-post after approval"
          hint="Approved drafts are posted automatically instead of being sent by hand."
        />
      ) : null}

      <Textarea
        id="campaign-config"
        name="config"
        label="Config (JSON)"
        mono
        rows={8}
        defaultValue="{}"
        error={configError}
        hint="Skill-specific settings as a JSON object."
      />

      <InlineError message={error} />
      <div className="flex gap-2">
        <Button type="submit" pending={pending}>
          Create campaign
        </Button>
        <LinkButton href="/campaigns" variant="secondary">
          Cancel
        </LinkButton>
      </div>
    </form>
  );
}
