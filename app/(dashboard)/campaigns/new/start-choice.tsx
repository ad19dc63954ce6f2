"use client";

import type { UseFormRegister } from "react-hook-form";
import type { Values } from "./campaign-create-form";

const OPTIONS = [
  { value: "schedule", label: "Start on this schedule now", hint: "Its first run is at the next time the schedule gives." },
  { value: "later", label: "Create it not started", hint: "No scheduled runs until you start it from its page; Run now still works." },
] as const;

/**
 * Says plainly whether a new campaign runs on the schedule just picked, and lets the creator choose. Without a
 * schedule there is nothing to start: the campaign runs when someone presses Run now.
 */
export function StartChoice({ scheduled, start, register }: { scheduled: boolean; start: Values["start"]; register: UseFormRegister<Values> }) {
  if (!scheduled) {
    return (
      <p className="-mt-3 text-sm text-zinc-600 dark:text-zinc-400" data-testid="campaign-start-words">
        No schedule: this campaign runs only when you press Run now on its page.
      </p>
    );
  }
  return (
    <fieldset className="space-y-2 rounded-md border border-zinc-200 p-4 dark:border-zinc-800">
      <legend className="px-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">When it starts</legend>
      <div role="radiogroup" aria-label="When it starts" className="space-y-2">
        {OPTIONS.map((o) => (
          <label key={o.value} className="flex items-start gap-2 text-sm text-zinc-800 dark:text-zinc-200">
            <input type="radio" value={o.value} {...register("start")} className="mt-0.5 size-4 accent-indigo-600" />
            <span>
              {o.label}
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">{o.hint}</span>
            </span>
          </label>
        ))}
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="campaign-start-words">
        {start === "schedule" ? "This campaign will run on its schedule as soon as it is created." : "This campaign will not run on its schedule until you start it."}
      </p>
    </fieldset>
  );
}
