"use client";

import { useState, type FormEvent } from "react";
import { UnsavedChangesDialog } from "@/app/_components/unsaved-changes-dialog";
import { useUnsavedChanges } from "@/app/_components/use-unsaved-changes";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError, InlineNotice } from "@/app/_components/inline-error";
import { Checkbox, Input } from "@/app/_components/input";
import { Select } from "@/app/_components/select";
import { Textarea } from "@/app/_components/textarea";
import { useMutation } from "@/app/_components/use-mutation";
import { parseConfigJson } from "../config-json";
import { CampaignPlaybookField } from "../../playbooks/_components/campaign-playbook-field";

type Editable = {
  id: number;
  name: string;
  platform: string;
  cron: string | null;
  autoPost: boolean;
  state: "draft" | "active" | "paused";
  configText: string;
  runner: string;
};

export type RunnerChoice = { slug: string; label: string; available: boolean; local: boolean };

/** PATCH /api/campaigns/[id]: name, runner, schedule, auto-post, config and state. */
export function CampaignEditForm({ campaign, runners }: { campaign: Editable; runners: readonly RunnerChoice[] }) {
  const { pending, error, run } = useMutation();
  const [configError, setConfigError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // Any edit since the last save: leaving through a link in the app or closing the tab asks first.
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaved(null);
    const f = new FormData(e.currentTarget);
    const config = parseConfigJson(String(f.get("config") ?? ""));
    if (!config.ok) {
      setConfigError(config.message);
      return;
    }
    setConfigError(null);
    const cron = String(f.get("cron") ?? "").trim();
    const body = {
      name: String(f.get("name") ?? "").trim(),
      // An empty schedule clears it: the campaign then runs only on demand.
      cron: cron || null,
      state: String(f.get("state") ?? campaign.state),
      // A changed runner applies to the next runs; past runs keep the runner they ran on.
      ...(f.get("runner") && f.get("runner") !== campaign.runner ? { runner: String(f.get("runner")) } : {}),
      config: config.value,
      ...(campaign.platform === "federated" ? { autoPost: f.get("autoPost") === "on" } : {}),
      // Absent while the playbook select is still loading; "" is the skill's built-in.
      ...(f.has("playbookId") ? { playbookId: f.get("playbookId") ? Number(f.get("playbookId")) : null } : {}),
    };
    const done = await run(() => apiFetch(`/api/campaigns/${campaign.id}`, { method: "PATCH", body }));
    if (done !== undefined) {
      setSaved("Saved");
      setDirty(false);
    }
  }

  return (
    <>
      <UnsavedChangesDialog guard={unsaved}>
        <p>Your changes to this campaign are not saved. If you leave now, they are lost.</p>
      </UnsavedChangesDialog>
      <form onSubmit={onSubmit} onInput={() => setDirty(true)} onChange={() => setDirty(true)} className="space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_10rem]">
          <Input id="edit-campaign-name" name="name" label="Name" required maxLength={120} defaultValue={campaign.name} />
          <Select
            id="edit-campaign-state"
            name="state"
            label="State"
            defaultValue={campaign.state}
            options={[
              { value: "draft", label: "Draft" },
              { value: "active", label: "Active" },
              { value: "paused", label: "Paused" },
            ]}
          />
        </div>
        <Select
          id="edit-campaign-runner"
          name="runner"
          label="Runner"
          defaultValue={campaign.runner}
          options={runners.map((r) => ({
            value: r.slug,
            label: `${r.label}${r.available ? "" : r.local ? " (not installed)" : " (not connected)"}`,
            // The current runner stays listed even when it is gone, so the form shows the truth.
            disabled: !r.available && r.slug !== campaign.runner,
          }))}
          hint="Applies to the next runs; past runs keep the runner they ran on."
        />
        <Input
          id="edit-campaign-cron"
          name="cron"
          label="Schedule (cron)"
          optional
          placeholder="0 9 * * 1-5"
          className="font-mono"
          defaultValue={campaign.cron ?? ""}
          hint="Five fields (minute hour day month weekday), in UTC. Leave empty to run only on demand."
        />
        <CampaignPlaybookField campaignId={campaign.id} />
        {campaign.platform === "federated" ? (
          <Checkbox
            id="edit-campaign-autoPost"
            name="autoPost"
            label="Auto-post after approval"
            defaultChecked={campaign.autoPost}
          />
        ) : null}
        <Textarea
          id="edit-campaign-config"
          name="config"
          label="Config (JSON)"
          mono
          rows={10}
          defaultValue={campaign.configText}
          error={configError}
        />
        <InlineError message={error} />
        <div className="flex items-center gap-3">
          <Button type="submit" pending={pending}>
            Save changes
          </Button>
          <InlineNotice message={saved} />
        </div>
      </form>
    </>
  );
}
