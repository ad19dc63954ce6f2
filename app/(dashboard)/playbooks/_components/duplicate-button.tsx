"use client";

import { useRouter } from "next/navigation";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button, type ButtonVariant } from "@/app/_components/button";
import { useMutation } from "@/app/_components/use-mutation";

/** POST /api/playbooks {duplicateOf}: makes an editable copy and opens it in the editor. */
export function DuplicateButton({ id, title, label = "Duplicate", variant = "secondary" }: { id: number; title: string; label?: string; variant?: ButtonVariant }) {
  const router = useRouter();
  const { pending, error, run } = useMutation();

  async function duplicate() {
    const copy = await run(() => apiFetch<{ id: number }>("/api/playbooks", { method: "POST", body: { duplicateOf: id } }), { refresh: false });
    if (copy) router.push(`/playbooks/${copy.id}`);
  }

  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button size="sm" variant={variant} pending={pending} onClick={duplicate} aria-label={`${label}: ${title}`}>
        {label}
      </Button>
      {error ? (
        <span role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </span>
  );
}
