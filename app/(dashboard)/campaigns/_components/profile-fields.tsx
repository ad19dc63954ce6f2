"use client";

import { useState, type ReactNode } from "react";
import { Controller, useFieldArray, useFormContext, type FieldErrors } from "react-hook-form";
import { Button } from "@/app/_components/button";
import { Input } from "@/app/_components/input";
import { Textarea } from "@/app/_components/textarea";
import type { Platform } from "@/lib/campaigns/catalog";
import { communityProblem, keywordProblem, normalizeCommunity, type ProfileFormValues } from "@/lib/campaigns/profile-form";
import { ChipsInput } from "./chips-input";

/** The part of a campaign form these fields edit. */
export type ProfileFormShape = { profile: ProfileFormValues; extraJson: string };

const MAX_RULES = 20;

type Props = {
  idPrefix: string;
  platform: Platform;
  /** Said above the fields: how an empty profile is treated on this form. */
  intro: ReactNode;
  /** Fields of the campaign itself shown with the profile (auto-post). */
  children?: ReactNode;
};

function messageOf(errors: FieldErrors<ProfileFormShape>, path: string): string | null {
  let node: unknown = errors;
  for (const part of path.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  const message = node && typeof node === "object" ? (node as { message?: unknown }).message : undefined;
  return typeof message === "string" ? message : null;
}

/** The first problem inside a list (one of its entries), when the list itself has none. */
function entryMessage(errors: FieldErrors<ProfileFormShape>, path: string): string | null {
  let node: unknown = errors;
  for (const part of path.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  if (!Array.isArray(node)) return null;
  const first = node.find((e) => e && typeof e === "object" && typeof (e as { message?: unknown }).message === "string") as { message: string } | undefined;
  return first?.message ?? null;
}

/**
 * The campaign profile as fields (react-hook-form, inside a FormProvider whose values hold `profile` and `extraJson`):
 * audience, communities or hashtags as chips, tone, offer, rules as an ordered list, keywords, drafts per run, each
 * with help and its error beside it; the keys the fields do not cover stay in JSON behind Advanced.
 */
export function ProfileFields({ idPrefix, platform, intro, children }: Props) {
  const { register, control, formState: { errors }, getValues } = useFormContext<ProfileFormShape>();
  const rules = useFieldArray({ control, name: "profile.rules" });
  const [advanced, setAdvanced] = useState(() => getValues("extraJson").trim() !== "{}" && getValues("extraJson").trim() !== "");
  const extraError = messageOf(errors, "extraJson");
  const id = (name: string) => `${idPrefix}-${name}`;
  const federated = platform === "federated";

  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Profile</legend>
      <p className="-mt-2 text-xs text-zinc-500 dark:text-zinc-400">{intro}</p>

      <Textarea
        id={id("audience")}
        label="Audience"
        rows={2}
        {...register("profile.audience")}
        error={messageOf(errors, "profile.audience")}
        hint="Who the campaign is for, concretely: their role, their situation, what they struggle with."
      />

      <Controller
        control={control}
        name="profile.communities"
        render={({ field, fieldState }) => (
          <ChipsInput
            id={id("communities")}
            label={federated ? "Hashtags" : "Communities"}
            noun={federated ? "hashtag" : "community"}
            values={field.value}
            onChange={field.onChange}
            normalize={(raw) => normalizeCommunity(raw, platform)}
            problem={(v) => communityProblem(v, platform)}
            max={20}
            placeholder={federated ? "#selfhosted" : "freelance"}
            error={fieldState.error?.message ?? entryMessage(errors, "profile.communities")}
            hint={
              federated
                ? "Hashtags to follow, like #selfhosted. Type one and press Enter; x or Backspace removes one."
                : "Forum communities to read, without r/. Type one and press Enter; x or Backspace removes one."
            }
          />
        )}
      />

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Textarea
          id={id("tone")}
          label="Tone"
          rows={2}
          {...register("profile.tone")}
          error={messageOf(errors, "profile.tone")}
          hint="How the drafts sound, e.g. plain, first person, no exclamation marks."
        />
        <Textarea
          id={id("offer")}
          label="Offer"
          rows={2}
          {...register("profile.offer")}
          error={messageOf(errors, "profile.offer")}
          hint="What the project offers these people, and when to mention it."
        />
      </div>

      <div className="space-y-1.5">
        <p id={id("rules-label")} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Rules <span className="ml-1 font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Hard rules every draft follows, in order of importance, up to {MAX_RULES}.</p>
        {rules.fields.length > 0 ? (
          <ol className="space-y-2" aria-labelledby={id("rules-label")}>
            {rules.fields.map((row, i) => {
              const error = messageOf(errors, `profile.rules.${i}.text`);
              return (
                <li key={row.id} className="flex items-start gap-2">
                  <span aria-hidden="true" className="mt-2 w-5 shrink-0 text-right text-xs text-zinc-500 tabular-nums">
                    {i + 1}.
                  </span>
                  <div className="min-w-0 flex-1">
                    <input
                      id={id(`rule-${i}`)}
                      aria-label={`Rule ${i + 1}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? id(`rule-${i}-error`) : undefined}
                      {...register(`profile.rules.${i}.text` as const)}
                      className="block h-9 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-400 focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-500/40 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
                      placeholder="e.g. Never put a link in the first message"
                    />
                    {error ? (
                      <p id={id(`rule-${i}-error`)} className="mt-1 text-xs text-red-600 dark:text-red-400">
                        {error}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button size="sm" variant="ghost" aria-label={`Move rule ${i + 1} up`} disabled={i === 0} onClick={() => rules.move(i, i - 1)}>
                      ↑
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Move rule ${i + 1} down`}
                      disabled={i === rules.fields.length - 1}
                      onClick={() => rules.move(i, i + 1)}
                    >
                      ↓
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={`Remove rule ${i + 1}`} onClick={() => rules.remove(i)}>
                      Remove
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        ) : null}
        {messageOf(errors, "profile.rules") ? <p className="text-xs text-red-600 dark:text-red-400">{messageOf(errors, "profile.rules")}</p> : null}
        <Button size="sm" variant="secondary" disabled={rules.fields.length >= MAX_RULES} onClick={() => rules.append({ text: "" }, { shouldFocus: true })}>
          Add rule
        </Button>
      </div>

      <Controller
        control={control}
        name="profile.keywords"
        render={({ field, fieldState }) => (
          <ChipsInput
            id={id("keywords")}
            label="Keywords"
            optional
            noun="keyword"
            values={field.value}
            onChange={field.onChange}
            problem={keywordProblem}
            max={30}
            placeholder="time tracking"
            error={fieldState.error?.message ?? entryMessage(errors, "profile.keywords")}
            hint="Words that signal a relevant post. Type one and press Enter."
          />
        )}
      />

      <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2">
        <Input
          id={id("maxDraftsPerRun")}
          label="Drafts per run"
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          step={1}
          {...register("profile.maxDraftsPerRun", { setValueAs: (v: unknown) => (v === "" || v === null || v === undefined ? null : Number(v)) })}
          error={messageOf(errors, "profile.maxDraftsPerRun")}
          hint="The most drafts one run may create, from 1 to 50."
        />
        {children}
      </div>

      <div className="space-y-2 border-t border-zinc-100 pt-3 dark:border-zinc-800">
        <button
          type="button"
          aria-expanded={advanced || !!extraError}
          aria-controls={id("advanced")}
          onClick={() => setAdvanced((v) => !v)}
          className="inline-flex items-center gap-1 text-xs font-medium text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          <span aria-hidden="true">{advanced || extraError ? "▾" : "▸"}</span> Advanced: other profile keys as JSON
        </button>
        <div id={id("advanced")} hidden={!(advanced || extraError)}>
          <Textarea
            id={id("extraJson")}
            label="Other keys (JSON)"
            mono
            rows={5}
            {...register("extraJson")}
            error={extraError}
            hint={'Keys the fields above do not cover, as one JSON object, e.g. {"language": "en"}. They are kept as they are when you save.'}
          />
        </div>
      </div>
    </fieldset>
  );
}
