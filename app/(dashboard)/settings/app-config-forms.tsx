"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError, InlineNotice } from "@/app/_components/inline-error";
import { Input } from "@/app/_components/input";
import { Select } from "@/app/_components/select";
import { Textarea } from "@/app/_components/textarea";
import { useMutation } from "@/app/_components/use-mutation";

const CONFIG_URL = "/api/settings/app-config";

function useSaved() {
  const [saved, setSaved] = useState<string | null>(null);
  return { saved, setSaved };
}

/** dedup_policy: how long a contacted handle stays "recently contacted", and what to do about it. */
export function DedupForm({ initial }: { initial: { window_days: number; mode: "warn" | "skip" } }) {
  const { pending, error, run } = useMutation();
  const { saved, setSaved } = useSaved();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaved(null);
    const f = new FormData(e.currentTarget);
    const body = { dedup_policy: { window_days: Number(f.get("window_days")), mode: String(f.get("mode")) } };
    const done = await run(() => apiFetch(CONFIG_URL, { method: "PUT", body }));
    if (done !== undefined) setSaved("Saved");
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Input
          id="dedup-window"
          name="window_days"
          label="Window (days)"
          type="number"
          min={0}
          max={3650}
          step={1}
          required
          defaultValue={initial.window_days}
          hint="A handle contacted within this many days counts as a repeat."
        />
        <Select
          id="dedup-mode"
          name="mode"
          label="When a repeat is found"
          defaultValue={initial.mode}
          options={[
            { value: "warn", label: "Warn" },
            { value: "skip", label: "Skip" },
          ]}
          hint="Warn creates the draft with a badge; Skip does not create it."
        />
      </div>
      <InlineError message={error} />
      <div className="flex items-center gap-3">
        <Button type="submit" pending={pending}>
          Save
        </Button>
        <InlineNotice message={saved} />
      </div>
    </form>
  );
}

type Rubric = { rubric_template: string; threshold_red: number; threshold_green: number };

/** quality_rubric: the template the drafting agent scores against, and the badge colour thresholds. */
export function RubricForm({ initial }: { initial: Rubric }) {
  const { pending, error, run, setError } = useMutation();
  const { saved, setSaved } = useSaved();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaved(null);
    const f = new FormData(e.currentTarget);
    const red = Number(f.get("threshold_red"));
    const green = Number(f.get("threshold_green"));
    if (red > green) {
      setError("The red threshold must not be above the green threshold.");
      return;
    }
    const body = {
      quality_rubric: {
        rubric_template: String(f.get("rubric_template") ?? ""),
        threshold_red: red,
        threshold_green: green,
      },
    };
    const done = await run(() => apiFetch(CONFIG_URL, { method: "PUT", body }));
    if (done !== undefined) setSaved("Saved");
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Input
          id="rubric-red"
          name="threshold_red"
          label="Red below"
          type="number"
          min={0}
          max={100}
          step={1}
          required
          defaultValue={initial.threshold_red}
          hint="Scores under this show a red badge."
        />
        <Input
          id="rubric-green"
          name="threshold_green"
          label="Green from"
          type="number"
          min={0}
          max={100}
          step={1}
          required
          defaultValue={initial.threshold_green}
          hint="Scores at or above this show a green badge; in between is amber."
        />
      </div>
      <Textarea
        id="rubric-template"
        name="rubric_template"
        label="Rubric"
        rows={8}
        defaultValue={initial.rubric_template}
        hint="What the agent checks when it scores a draft from 0 to 100."
      />
      <InlineError message={error} />
      <div className="flex items-center gap-3">
        <Button type="submit" pending={pending}>
          Save
        </Button>
        <InlineNotice message={saved} />
      </div>
    </form>
  );
}
