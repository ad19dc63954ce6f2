"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Button, type ButtonVariant } from "@/app/_components/button";
import { Dialog } from "@/app/_components/dialog";
import { InlineError } from "@/app/_components/inline-error";
import { Toast } from "@/app/_components/toast";

type Props = {
  campaignId: number;
  /** "generate": the banner's Generate profile; "regenerate": the Profile card's Regenerate (replaces the profile). */
  intent: "generate" | "regenerate";
  label: string;
  variant?: ButtonVariant;
  /** Why the generator's runner cannot run now: the button is disabled with it as its title. */
  blockedReason?: string | null;
};

/**
 * Generate profile and the Profile Regenerate dialog: both run the campaign-skill-generator in apply mode (the
 * profile is written directly). While a generation is already running the click raises a toast and opens nothing
 * (SPEC "Campaign readiness banner"); the live state is read at click time, since the page may be older than it.
 */
export function ProfileGenerationButton({ campaignId, intent, label, variant = "secondary", blockedReason = null }: Props) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const dismiss = useCallback(() => setToast(null), []);

  async function onClick() {
    setChecking(true);
    setError(null);
    try {
      const { runs } = await apiFetch<{ runs: Array<{ id: number; status: string }> }>(`/api/campaigns/${campaignId}/skill-runs`);
      if (runs.some((r) => r.status === "running")) setToast("The campaign profile is already being generated.");
      else setOpen(true);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setChecking(false);
    }
  }

  async function start() {
    setStarting(true);
    setError(null);
    try {
      const res = await apiFetch<{ runId: number; alreadyRunning?: boolean }>(`/api/campaigns/${campaignId}/skill-runs`, { method: "POST", body: { mode: "apply" } });
      setOpen(false);
      if (res.alreadyRunning) setToast("The campaign profile is already being generated.");
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStarting(false);
    }
  }

  return (
    <>
      <Button variant={variant} size="sm" onClick={onClick} pending={checking} disabled={blockedReason !== null} title={blockedReason ?? undefined}>
        {label}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={intent === "generate" ? "Generate the campaign profile" : "Regenerate the campaign profile"}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={start} pending={starting}>
              {intent === "generate" ? "Generate profile" : "Regenerate and replace"}
            </Button>
          </>
        }
      >
        <p>
          The agent reads the project, its accounts and example messages, and writes the profile this campaign&apos;s playbook
          follows: audience, communities, tone, offer, rules and how many drafts a run may make.
        </p>
        {intent === "regenerate" ? (
          <p className="mt-2">
            The current profile is replaced as soon as the run finishes. To compare before changing anything, use the{" "}
            <Link href={`/campaigns/${campaignId}?tab=tuning`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              Tuning tab
            </Link>{" "}
            instead.
          </p>
        ) : null}
        <InlineError message={error} className="mt-3" />
      </Dialog>
      {!open ? <InlineError message={error} className="mt-1" /> : null}
      <Toast message={toast} onDismiss={dismiss} />
    </>
  );
}
