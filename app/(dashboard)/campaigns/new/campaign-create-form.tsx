"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { Controller, FormProvider, useForm, type Resolver } from "react-hook-form";
import { z } from "zod";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button, LinkButton } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { Checkbox, Input } from "@/app/_components/input";
import { Select } from "@/app/_components/select";
import { useMutation } from "@/app/_components/use-mutation";
import type { Platform } from "@/lib/campaigns/catalog";
import { checkProfileForm, emptyProfile, isProfileEmpty, parseExtraJson, profileFormShape, profileToConfig, type ProfileFormValues } from "@/lib/campaigns/profile-form";
import { ZCron } from "@/lib/campaigns/cron-field";
import { checkFollowupForm, followupFormShape, stepsFromRows, type FollowupRow } from "@/lib/followups/followup-form";
import { ProfileFields } from "../_components/profile-fields";
import { FollowupFields } from "../_components/followup-fields";
import { SchedulePickerField } from "../_components/schedule-picker-field";
import { StartChoice } from "./start-choice";

type Props = {
  projects: Array<{ id: number; name: string }>;
  platforms: ReadonlyArray<{ value: Platform; label: string }>;
  skills: Record<string, ReadonlyArray<{ value: string; label: string }>>;
  /** Detection results: local runners that are not installed are offered but disabled. */
  runners: readonly { slug: string; label: string; available: boolean; local: boolean }[];
  /** Local agent CLIs are offered here (not in the cloud edition unless the operator opted in). */
  localRunners: boolean;
  initialProjectId: number | null;
};

export type Values = {
  projectId: string;
  name: string;
  platform: Platform;
  skill: string;
  runner: string;
  cron: string | null;
  /** Whether the campaign starts on its schedule once created; only asked when a schedule is picked. */
  start: "schedule" | "later";
  autoPost: boolean;
  profile: ProfileFormValues;
  extraJson: string;
  followups: FollowupRow[];
};

function createSchema(platform: Platform) {
  return z
    .object({
      projectId: z.string().min(1, "Choose the project this campaign belongs to."),
      name: z.string().trim().min(1, "Give the campaign a name.").max(120, "Keep the name to 120 characters."),
      platform: z.string(),
      skill: z.string().min(1, "Choose an approach."),
      runner: z.string().min(1, "Choose an agent."),
      cron: z.string().nullable(),
      start: z.enum(["schedule", "later"]),
      autoPost: z.boolean(),
      ...profileFormShape,
      ...followupFormShape,
    })
    .superRefine((v, ctx) => {
      if (v.cron !== null && v.cron.trim() !== "") {
        const parsed = ZCron.safeParse(v.cron);
        if (!parsed.success) ctx.addIssue({ code: "custom", path: ["cron"], message: `${parsed.error.issues[0]?.message ?? "Not a valid cron expression"}.` });
      }
      // A profile left empty is written later by the agent (Generate profile on the campaign page).
      checkProfileForm(v, ctx, platform, !isProfileEmpty(v.profile));
      checkFollowupForm(v, ctx);
    });
}

/** POST /api/campaigns, then open the new campaign. */
export function CampaignCreateForm({ projects, platforms, skills, runners, localRunners, initialProjectId }: Props) {
  const router = useRouter();
  const { pending, error, setError, run } = useMutation();
  const firstPlatform = platforms[0]?.value ?? "forum";
  // The resolver reads the platform from the values, so switching platform checks hashtags instead of communities.
  const resolver = useMemo<Resolver<Values>>(
    () => (values, context, options) => (zodResolver(createSchema(values.platform)) as unknown as Resolver<Values>)(values, context, options),
    [],
  );
  const form = useForm<Values>({
    resolver,
    defaultValues: {
      projectId: initialProjectId !== null ? String(initialProjectId) : String(projects[0]?.id ?? ""),
      name: "",
      platform: firstPlatform,
      skill: skills[firstPlatform]?.[0]?.value ?? "",
      // The cloud runner when it is connected, else the first runner installed here: a new campaign should be able to
      // run. With none available, cloud (the first) stays the default and the banner says what to do.
      runner: (runners.find((r) => r.available) ?? runners[0])?.slug ?? "cloud",
      cron: null,
      start: "schedule",
      autoPost: false,
      profile: emptyProfile(),
      extraJson: "{}",
      followups: [],
    },
  });
  const { register, control, handleSubmit, watch, setValue, formState: { errors } } = form;
  const platform = watch("platform");
  const scheduled = (watch("cron") ?? "").trim() !== "";
  const start = watch("start");
  const platformSkills = skills[platform] ?? [];

  async function onValid(v: Values) {
    const extra = parseExtraJson(v.extraJson);
    const cron = v.cron?.trim() ?? "";
    const body = {
      projectId: Number(v.projectId),
      name: v.name.trim(),
      platform: v.platform,
      skill: v.skill,
      runner: v.runner,
      ...(cron ? { cron, state: v.start === "schedule" ? "active" : "draft" } : {}),
      ...(v.platform === "federated" ? { autoPost: v.autoPost } : {}),
      config: { ...profileToConfig(v.profile, extra.ok ? extra.value : {}), ...(v.followups.length > 0 ? { followups: stepsFromRows(v.followups) } : {}) },
    };
    const created = await run(() => apiFetch<{ id: number }>("/api/campaigns", { method: "POST", body }), { refresh: false });
    if (created?.id) router.push(`/campaigns/${created.id}`);
    else if (created) router.push("/campaigns");
  }

  return (
    <FormProvider {...form}>
      {/* A refusal describes the input that was sent: once the person edits the form, it no longer applies. */}
      <form onSubmit={handleSubmit(onValid)} onChange={() => error && setError(null)} noValidate className="space-y-6">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Select
            id="campaign-project"
            label="Project"
            {...register("projectId")}
            error={errors.projectId?.message}
            options={projects.map((p) => ({ value: String(p.id), label: p.name }))}
          />
          <Input id="campaign-name" label="Name" maxLength={120} placeholder="e.g. Weekly scout" {...register("name")} error={errors.name?.message} />
        </div>

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Select
            id="campaign-platform"
            label="Platform"
            {...register("platform", {
              onChange: (e: { target: { value: string } }) => {
                const list = skills[e.target.value] ?? [];
                if (!list.some((s) => s.value === form.getValues("skill"))) setValue("skill", list[0]?.value ?? "");
              },
            })}
            options={platforms}
          />
          <Select id="campaign-skill" label="Approach" {...register("skill")} error={errors.skill?.message} options={platformSkills} hint="What the agent drafts on each run." />
        </div>
        <div>
          <Select
            id="campaign-runner"
            label="Agent"
            {...register("runner")}
            options={runners.map((r) => ({
              value: r.slug,
              label: r.local ? `${r.label}${r.available ? "" : " (not installed)"}` : `${r.label} (managed${r.available ? "" : ", not available right now"})`,
              // Cloud stays selectable (it is the default); a run refuses it while it is unavailable.
              disabled: r.local && !r.available,
            }))}
            hint={
              localRunners
                ? "Kept on the campaign (change it later on its page; past runs keep theirs). Install a local agent CLI to enable it (Settings > Agents)."
                : "Campaigns here run on the service's own agent, in the cloud; everything it reads and writes goes through this dashboard."
            }
          />
        </div>

        <Controller
          control={control}
          name="cron"
          render={({ field, fieldState }) => <SchedulePickerField id="campaign-schedule" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
        />
        <StartChoice scheduled={scheduled} start={start} register={register} />

        <div className="border-t border-zinc-200 pt-5 dark:border-zinc-800">
          <ProfileFields
            idPrefix="campaign-profile"
            platform={platform}
            intro="What the agent reads on every run. Fill it in here, or leave every field empty and have the agent write it: Generate profile on the campaign's page."
          >
            {platform === "federated" ? (
              <Checkbox
                id="campaign-autoPost"
                label="Auto-post after approval"
                className="sm:mt-7"
                {...register("autoPost")}
                hint="Approved drafts are posted for you instead of being sent by hand."
              />
            ) : null}
          </ProfileFields>
        </div>

        <div className="border-t border-zinc-200 pt-5 dark:border-zinc-800">
          <FollowupFields idPrefix="campaign-followups" />
        </div>

        <InlineError message={error} />
        {Object.keys(errors).length > 0 ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Some fields need another look; each says what is wrong.
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button type="submit" pending={pending}>
            Create campaign
          </Button>
          <LinkButton href="/campaigns" variant="secondary">
            Cancel
          </LinkButton>
        </div>
      </form>
    </FormProvider>
  );
}
