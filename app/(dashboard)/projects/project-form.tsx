"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { Input } from "@/app/_components/input";
import { Textarea } from "@/app/_components/textarea";
import { useMutation } from "@/app/_components/use-mutation";

type ProjectValues = { name: string; description: string; sourcePath: string | null };

type ProjectFormProps =
  | { mode: "create"; initial?: undefined; projectId?: undefined; onDone?: () => void }
  | { mode: "edit"; initial: ProjectValues; projectId: number; onDone?: () => void };

/** Create a project (POST /api/projects) or edit one (PATCH /api/projects/[id]). */
export function ProjectForm({ mode, initial, projectId, onDone }: ProjectFormProps) {
  const router = useRouter();
  const { pending, error, run } = useMutation();
  const [formKey, setFormKey] = useState(0);
  const idp = mode === "create" ? "new-project" : "edit-project";

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const description = String(form.get("description") ?? "").trim();
    const sourcePath = String(form.get("sourcePath") ?? "").trim();

    if (mode === "create") {
      const created = await run(() =>
        apiFetch<{ id: number }>("/api/projects", {
          method: "POST",
          body: { name, ...(description ? { description } : {}), ...(sourcePath ? { sourcePath } : {}) },
        }),
      );
      if (created) {
        setFormKey((k) => k + 1);
        if (created.id) router.push(`/projects/${created.id}`);
        onDone?.();
      }
    } else {
      const ok = await run(() =>
        apiFetch(`/api/projects/${projectId}`, {
          method: "PATCH",
          body: { name, description, sourcePath: sourcePath || null },
        }),
      );
      if (ok !== undefined) onDone?.();
    }
  }

  return (
    <form key={formKey} onSubmit={onSubmit} className="space-y-4">
      <Input id={`${idp}-name`} name="name" label="Name" required maxLength={120} defaultValue={initial?.name} />
      <Textarea
        id={`${idp}-description`}
        name="description"
        label="Description"
        optional
        rows={5}
        defaultValue={initial?.description}
        hint="What the product or initiative is, in Markdown; drafts use it as context. Auto-extract can write it from the source folder."
      />
      <Input
        id={`${idp}-sourcePath`}
        name="sourcePath"
        label="Source folder"
        optional
        placeholder="/home/me/code/my-product"
        defaultValue={initial?.sourcePath ?? ""}
        hint="A folder (a checked-out repository is one) on the machine that runs the dashboard. Auto-extract reads it, through the agent tools only, to write the description."
      />
      <InlineError message={error} />
      <div className="flex gap-2">
        <Button type="submit" pending={pending}>
          {mode === "create" ? "Create project" : "Save changes"}
        </Button>
        {mode === "edit" && onDone ? (
          <Button variant="secondary" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
