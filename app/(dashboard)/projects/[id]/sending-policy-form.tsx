"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { Checkbox, Input } from "@/app/_components/input";
import { useMutation } from "@/app/_components/use-mutation";
import type { SendingPolicy } from "@/lib/sending/sending-policy";

/**
 * PATCH /api/accounts/[id]/sending-policy. Times are typed in minutes (sent as seconds). Only the fields that differ
 * from what is in force are sent; "Use the platform's defaults" sends null for every field.
 */
export function SendingPolicyForm({ accountId, policy, hasOverrides }: { accountId: number; policy: SendingPolicy; hasOverrides: boolean }) {
  const { pending, error, run } = useMutation();
  const [open, setOpen] = useState(false);
  const [warmup, setWarmup] = useState(policy.warmup);
  const prefix = `policy-${accountId}`;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const num = (k: string) => Number(String(f.get(k) ?? "").trim());
    const body = {
      dailyCap: num("dailyCap"),
      hourlyCap: num("hourlyCap"),
      minGapSeconds: Math.round(num("minGapMinutes") * 60),
      jitterSeconds: Math.round(num("jitterMinutes") * 60),
      warmup: f.get("warmup") === "on",
      ...(f.get("warmup") === "on" ? { warmupStart: num("warmupStart"), warmupStep: num("warmupStep") } : {}),
    };
    const done = await run(() => apiFetch(`/api/accounts/${accountId}/sending-policy`, { method: "PATCH", body }));
    if (done !== undefined) setOpen(false);
  }

  async function resetDefaults() {
    const nulls = { dailyCap: null, hourlyCap: null, minGapSeconds: null, jitterSeconds: null, warmup: null, warmupStart: null, warmupStep: null };
    await run(() => apiFetch(`/api/accounts/${accountId}/sending-policy`, { method: "PATCH", body: nulls }));
  }

  if (!open) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Edit the sending limits of account ${accountId}`}>
          Edit limits
        </Button>
        {hasOverrides ? (
          <Button size="sm" variant="ghost" pending={pending} disabled={pending} onClick={resetDefaults}>
            Use the platform&apos;s defaults
          </Button>
        ) : null}
        <InlineError message={error} />
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={`Sending limits of account ${accountId}`}>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Input id={`${prefix}-daily`} name="dailyCap" type="number" min={1} max={1000} required label="Per day" defaultValue={policy.dailyCap} />
        <Input id={`${prefix}-hourly`} name="hourlyCap" type="number" min={1} max={200} required label="Per hour" defaultValue={policy.hourlyCap} />
        <Input id={`${prefix}-gap`} name="minGapMinutes" type="number" min={0} max={1440} step="any" required label="Gap (min)" defaultValue={policy.minGapSeconds / 60} />
        <Input id={`${prefix}-jitter`} name="jitterMinutes" type="number" min={0} max={1440} step="any" required label="Random extra (min)" defaultValue={policy.jitterSeconds / 60} />
      </div>
      <Checkbox id={`${prefix}-warmup`} name="warmup" label="Warm up a new account" checked={warmup} onChange={(e) => setWarmup(e.currentTarget.checked)} />
      {warmup ? (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Input id={`${prefix}-start`} name="warmupStart" type="number" min={1} max={1000} required label="First day" defaultValue={policy.warmupStart} />
          <Input id={`${prefix}-step`} name="warmupStep" type="number" min={0} max={1000} required label="More each day" defaultValue={policy.warmupStep} />
        </div>
      ) : null}
      <InlineError message={error} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" pending={pending} disabled={pending}>
          Save limits
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
