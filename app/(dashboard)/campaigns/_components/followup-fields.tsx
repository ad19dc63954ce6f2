"use client";

import { useFieldArray, useFormContext, type FieldErrors } from "react-hook-form";
import { Button } from "@/app/_components/button";
import { Input } from "@/app/_components/input";
import { Textarea } from "@/app/_components/textarea";
import type { FollowupRow } from "@/lib/followups/followup-form";
import { MAX_FOLLOWUP_STEPS, MAX_GUIDANCE_CHARS } from "@/lib/followups/followup-steps";

type Shape = { followups: FollowupRow[] };

function messageOf(errors: FieldErrors<Shape>, i: number | null, field?: "afterDays" | "guidance"): string | null {
  const list = errors.followups as unknown;
  const node = i === null ? list : Array.isArray(list) ? (list[i] as Record<string, unknown> | undefined)?.[field!] : undefined;
  const message = node && typeof node === "object" ? (node as { message?: unknown }).message : undefined;
  return typeof message === "string" ? message : null;
}

/**
 * Follow-ups on silence (docs/sequences.md), inside a campaign form whose values hold `followups`: up to three steps,
 * each "after N days without a reply" with optional guidance for the agent; each problem shows on its own field.
 */
export function FollowupFields({ idPrefix }: { idPrefix: string }) {
  const { register, control, formState: { errors } } = useFormContext<Shape>();
  const steps = useFieldArray({ control, name: "followups" });
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <fieldset className="space-y-3" aria-describedby={id("help")}>
      <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Follow-ups</legend>
      <p id={id("help")} className="-mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        When someone has not answered a DM or comment after the days you set, the agent drafts a follow-up to them for you
        to review. Each step counts from the message before it. Follow-ups stop for good when they reply, opt out or are
        blocked, or when you pause the campaign. None: no follow-ups.
      </p>
      {steps.fields.length > 0 ? (
        <ol className="space-y-3">
          {steps.fields.map((row, i) => (
            <li key={row.id} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
              <div className="flex items-start gap-3">
                <p className="mt-8 w-24 shrink-0 text-sm font-medium text-zinc-800 dark:text-zinc-200">Follow-up {i + 1}</p>
                <div className="grid min-w-0 flex-1 grid-cols-1 gap-3 sm:grid-cols-[8rem_1fr]">
                  <Input
                    id={id(`${i}-days`)}
                    label="After days"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={60}
                    step={1}
                    {...register(`followups.${i}.afterDays` as const, { setValueAs: (v: unknown) => (v === "" || v === null || v === undefined ? null : Number(v)) })}
                    error={messageOf(errors, i, "afterDays")}
                    hint="1 to 60, without a reply"
                  />
                  <Textarea
                    id={id(`${i}-guidance`)}
                    label="Guidance for the agent"
                    optional
                    rows={2}
                    maxLength={MAX_GUIDANCE_CHARS}
                    placeholder="e.g. Shorter, mention the case study"
                    {...register(`followups.${i}.guidance` as const)}
                    error={messageOf(errors, i, "guidance")}
                  />
                </div>
                <Button size="sm" variant="ghost" className="mt-7" aria-label={`Remove follow-up ${i + 1}`} onClick={() => steps.remove(i)}>
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {messageOf(errors, null) ? <p className="text-xs text-red-600 dark:text-red-400">{messageOf(errors, null)}</p> : null}
      <Button
        size="sm"
        variant="secondary"
        disabled={steps.fields.length >= MAX_FOLLOWUP_STEPS}
        onClick={() => steps.append({ afterDays: steps.fields.length === 0 ? 3 : 7, guidance: "" }, { shouldFocus: true })}
      >
        Add follow-up
      </Button>
    </fieldset>
  );
}
