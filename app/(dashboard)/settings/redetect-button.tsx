"use client";

import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { useMutation } from "@/app/_components/use-mutation";

/** POST /api/runners: probe every runner again (after installing or signing in to an agent CLI). */
export function RedetectButton() {
  const { pending, error, run } = useMutation();
  return (
    <div className="flex items-center gap-3">
      <Button variant="secondary" size="sm" pending={pending} onClick={() => run(() => apiFetch("/api/runners", { method: "POST" }))}>
        Re-detect
      </Button>
      {error ? (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
