"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { Input } from "@/app/_components/input";
import { Select } from "@/app/_components/select";
import { Textarea } from "@/app/_components/textarea";
import { useMutation } from "@/app/_components/use-mutation";

export const TEMPLATE_KINDS = [
  { value: "dm", label: "DM" },
  { value: "comment", label: "Comment" },
  { value: "post", label: "Post" },
] as const;

export type TemplateValues = { kind: string; title: string; body: string };

/** Fields shared by the create form and the inline editor. `idp` keeps ids unique when several are on the page. */
export function TemplateFields({ idp, initial }: { idp: string; initial?: TemplateValues }) {
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[10rem_1fr]">
        <Select id={`${idp}-kind`} name="kind" label="Kind" options={TEMPLATE_KINDS} defaultValue={initial?.kind ?? "dm"} />
        <Input id={`${idp}-title`} name="title" label="Title" required defaultValue={initial?.title} />
      </div>
      <Textarea
        id={`${idp}-body`}
        name="body"
        label="Body"
        required
        rows={6}
        defaultValue={initial?.body}
        hint="An example in the voice you want drafts to follow."
      />
    </>
  );
}

export function readTemplateForm(form: HTMLFormElement): TemplateValues {
  const f = new FormData(form);
  return {
    kind: String(f.get("kind") ?? "dm"),
    title: String(f.get("title") ?? "").trim(),
    body: String(f.get("body") ?? ""),
  };
}

/** POST /api/projects/[id]/templates */
export function TemplateForm({ projectId }: { projectId: number }) {
  const { pending, error, run } = useMutation();
  const [formKey, setFormKey] = useState(0);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = readTemplateForm(e.currentTarget);
    const done = await run(() => apiFetch(`/api/projects/${projectId}/templates`, { method: "POST", body: values }));
    if (done !== undefined) setFormKey((k) => k + 1);
  }

  return (
    <form key={formKey} onSubmit={onSubmit} className="space-y-4">
      <TemplateFields idp="new-template" />
      <InlineError message={error} />
      <Button type="submit" pending={pending}>
        Add example message
      </Button>
    </form>
  );
}
