"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useRef, useState } from "react";
import { Controller, FormProvider, useForm, type Resolver } from "react-hook-form";
import { z } from "zod";
import { UnsavedChangesDialog } from "@/app/_components/unsaved-changes-dialog";
import { useUnsavedChanges } from "@/app/_components/use-unsaved-changes";
import { useHydrated } from "@/app/_components/use-hydrated";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError, InlineNotice } from "@/app/_components/inline-error";
import { Checkbox, Input } from "@/app/_components/input";
import { Select } from "@/app/_components/select";
import { useMutation } from "@/app/_components/use-mutation";
import { campaignFormState, campaignPatchFrom, shouldCheckProfile, type CampaignFormState, type EditableCampaign } from "@/lib/campaigns/campaign-form-state";
import { CAMPAIGN_STATE_HELP, CAMPAIGN_STATE_LABELS, CAMPAIGN_STATES } from "@/lib/campaigns/campaign-state";
import type { Platform } from "@/lib/campaigns/catalog";
import { checkProfileForm, profileFormShape } from "@/lib/campaigns/profile-form";
import { ZCron } from "@/lib/campaigns/cron-field";
import { checkFollowupForm, followupFormShape } from "@/lib/followups/followup-form";
import { CampaignPlaybookField } from "../../playbooks/_components/campaign-playbook-field";
import { ProfileFields } from "../_components/profile-fields";
import { FollowupFields } from "../_components/followup-fields";
import { SchedulePickerField } from "../_components/schedule-picker-field";

type Props = {
  campaign: EditableCampaign & { id: number; platform: Platform; playbookId: number | null };
  runners: readonly RunnerChoice[];
};

/** `offered: false`: a runner this edition does not offer (the campaign still names it; a run refuses it). */
export type RunnerChoice = { slug: string; label: string; available: boolean; local: boolean; offered?: boolean };

function editSchema(platform: Platform, loaded: CampaignFormState) {
  return z
    .object({
      name: z.string().trim().min(1, "Give the campaign a name.").max(120, "Keep the name to 120 characters."),
      state: z.enum(CAMPAIGN_STATES),
      runner: z.string().min(1),
      cron: z.string().nullable(),
      autoPost: z.boolean(),
      ...profileFormShape,
      ...followupFormShape,
    })
    .superRefine((v, ctx) => {
      if (v.cron !== null && v.cron.trim() !== "") {
        const parsed = ZCron.safeParse(v.cron);
        if (!parsed.success) ctx.addIssue({ code: "custom", path: ["cron"], message: `${parsed.error.issues[0]?.message ?? "Not a valid cron expression"}.` });
      }
      // An untouched profile is not judged here (a rename must not wait on a profile the agent wrote); the banner says
      // what is wrong with it.
      checkProfileForm(v, ctx, platform, shouldCheckProfile(loaded, v as CampaignFormState));
      checkFollowupForm(v, ctx);
    });
}

/**
 * PATCH /api/campaigns/[id] with the fields changed since the page was loaded: name, state, runner, schedule,
 * playbook, profile, follow-ups and auto-post. Fields the person has not touched follow the page (Pause schedule, Adopt, another
 * tab), so the form never shows, or saves back, a state the campaign no longer has.
 */
export function CampaignEditForm({ campaign, runners }: Props) {
  const { pending, error, run } = useMutation();
  const [saved, setSaved] = useState<string | null>(null);
  const [playbookDirty, setPlaybookDirty] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const loaded = useMemo(
    () => campaignFormState(campaign),
    // The campaign as the server has it: a new object on every refresh, the same values when nothing changed.
    [JSON.stringify([campaign.name, campaign.state, campaign.runner, campaign.cron, campaign.autoPost, campaign.config])],
  );
  const resolver = useMemo<Resolver<CampaignFormState>>(
    () => (values, context, options) => (zodResolver(editSchema(campaign.platform, loaded)) as unknown as Resolver<CampaignFormState>)(values, context, options),
    [campaign.platform, loaded],
  );
  const form = useForm<CampaignFormState>({ resolver, values: loaded, resetOptions: { keepDirtyValues: true } });
  const { register, control, handleSubmit, watch, formState: { errors, isDirty } } = form;
  // Any edit since the last save: leaving through a link in the app or closing the tab asks first.
  const unsaved = useUnsavedChanges(isDirty || playbookDirty);
  const state = watch("state");
  // Text typed before hydration is spliced with the loaded value; the name waits for React as the playbook editor does.
  const hydrated = useHydrated();

  async function onValid(values: CampaignFormState) {
    setSaved(null);
    const body: Record<string, unknown> = campaignPatchFrom(loaded, values);
    // The playbook select loads its own options; absent while loading, "" is the skill's built-in.
    const f = formRef.current ? new FormData(formRef.current) : null;
    if (f?.has("playbookId")) {
      const playbookId = f.get("playbookId") ? Number(f.get("playbookId")) : null;
      if (playbookId !== campaign.playbookId) body.playbookId = playbookId;
    }
    const done = Object.keys(body).length === 0 ? true : await run(() => apiFetch(`/api/campaigns/${campaign.id}`, { method: "PATCH", body }));
    if (done !== undefined) {
      setSaved(Object.keys(body).length === 0 ? "Nothing to save" : "Saved");
      // What was saved is the new starting point; the refreshed page brings the same values.
      form.reset(values);
      setPlaybookDirty(false);
    }
  }

  return (
    <>
      <UnsavedChangesDialog guard={unsaved}>
        <p>Your changes to this campaign are not saved. If you leave now, they are lost.</p>
      </UnsavedChangesDialog>
      <FormProvider {...form}>
        <form ref={formRef} onSubmit={handleSubmit(onValid)} noValidate className="space-y-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_10rem]">
            <Input id="edit-campaign-name" label="Name" maxLength={120} readOnly={!hydrated} {...register("name")} error={errors.name?.message} />
            <Select
              id="edit-campaign-state"
              label="State"
              {...register("state")}
              options={CAMPAIGN_STATES.map((s) => ({ value: s, label: CAMPAIGN_STATE_LABELS[s] }))}
            />
          </div>
          <p className="-mt-3 text-xs text-zinc-500 dark:text-zinc-400" data-testid="state-help">
            {CAMPAIGN_STATE_LABELS[state]}: {CAMPAIGN_STATE_HELP[state]}
          </p>
          <Select
            id="edit-campaign-runner"
            label="Agent"
            {...register("runner")}
            options={runners.map((r) => ({
              value: r.slug,
              label: `${r.label}${r.available ? "" : r.offered === false ? " (not offered here)" : r.local ? " (not installed)" : " (not available right now)"}`,
              // The current runner stays listed even when it is gone, so the form shows the truth.
              disabled: !r.available && r.slug !== campaign.runner,
            }))}
            hint="Applies to the next runs; past runs keep the agent they ran on."
          />
          <Controller
            control={control}
            name="cron"
            render={({ field, fieldState }) => <SchedulePickerField id="edit-campaign-schedule" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
          />
          <div onChange={() => setPlaybookDirty(true)}>
            <CampaignPlaybookField campaignId={campaign.id} />
          </div>
          <div id="edit-profile" className="scroll-mt-6 border-t border-zinc-200 pt-5 dark:border-zinc-800">
            <ProfileFields
              idPrefix="edit-campaign-profile"
              platform={campaign.platform}
              intro="What the agent reads on every run. Generate profile (or the Tuning tab) can write it for you."
            >
              {campaign.platform === "federated" ? (
                <Checkbox id="edit-campaign-autoPost" label="Auto-post after approval" className="sm:mt-7" {...register("autoPost")} hint="Approved drafts are posted for you instead of being sent by hand." />
              ) : null}
            </ProfileFields>
          </div>
          <div id="edit-followups" className="scroll-mt-6 border-t border-zinc-200 pt-5 dark:border-zinc-800">
            <FollowupFields idPrefix="edit-campaign-followups" />
          </div>
          <InlineError message={error} />
          {Object.keys(errors).length > 0 ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              Some fields need another look; each says what is wrong.
            </p>
          ) : null}
          <div className="flex items-center gap-3">
            <Button type="submit" pending={pending}>
              Save changes
            </Button>
            <InlineNotice message={saved} />
          </div>
        </form>
      </FormProvider>
    </>
  );
}
