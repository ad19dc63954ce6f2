"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Badge } from "@/app/_components/badge";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";
import { readTemplateForm, TEMPLATE_KINDS, TemplateFields } from "./template-form";

type Template = { id: number; kind: string; title: string; body: string; isActive: boolean; createdLabel: string };

function kindLabel(kind: string): string {
  return TEMPLATE_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

/** One template: preview with Edit and Archive/Unarchive, or the inline editor (PATCH). */
export function TemplateItem({ projectId, template }: { projectId: number; template: Template }) {
  const [editing, setEditing] = useState(false);
  const { pending, error, run } = useMutation();
  const url = `/api/projects/${projectId}/templates/${template.id}`;

  async function onSave(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await run(() => apiFetch(url, { method: "PATCH", body: readTemplateForm(e.currentTarget) }));
    if (done !== undefined) setEditing(false);
  }

  return (
    <li className="px-5 py-4">
      {editing ? (
        <form onSubmit={onSave} className="space-y-4" aria-label={`Edit template ${template.title}`}>
          <TemplateFields idp={`template-${template.id}`} initial={template} />
          <InlineError message={error} />
          <div className="flex gap-2">
            <Button type="submit" size="sm" pending={pending}>
              Save
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)} disabled={pending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="primary">{kindLabel(template.kind)}</Badge>
              <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{template.title}</h3>
              {!template.isActive ? <Badge tone="warning">Archived</Badge> : null}
            </div>
            <p className="mt-1.5 line-clamp-3 text-sm whitespace-pre-line text-zinc-600 dark:text-zinc-400">{template.body}</p>
            <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">Added {template.createdLabel}</p>
            <InlineError message={error} className="mt-2" />
          </div>
          <div className="flex shrink-0 gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              pending={pending}
              onClick={() => run(() => apiFetch(url, { method: "PATCH", body: { isActive: !template.isActive } }))}
            >
              {template.isActive ? "Archive" : "Unarchive"}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
