"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Badge } from "@/app/_components/badge";
import { Button } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { InlineError, InlineNotice } from "@/app/_components/inline-error";
import { Input } from "@/app/_components/input";
import { Markdown } from "@/app/_components/markdown";
import { UnsavedChangesDialog } from "@/app/_components/unsaved-changes-dialog";
import { useUnsavedChanges } from "@/app/_components/use-unsaved-changes";
import { useHydrated } from "@/app/_components/use-hydrated";
import { cx } from "@/app/_components/cx";
import { useMutation } from "@/app/_components/use-mutation";

type Editable = { id: number; title: string; slug: string; body: string; isBuiltin: boolean; campaignCount: number };

// The server's limit (lib/playbooks/schemas.ts), shown so nobody writes past it unknowingly.
const MAX_BYTES = 200 * 1024;

function size(body: string): { bytes: number; label: string } {
  const bytes = new TextEncoder().encode(body).length;
  return { bytes, label: bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB` };
}

const paneClass = "min-h-[32rem] rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900";

/** Title, slug and Markdown side by side with a live preview; built-ins are shown read-only. */
export function PlaybookEditor({ playbook }: { playbook: Editable }) {
  const router = useRouter();
  const [title, setTitle] = useState(playbook.title);
  const [slug, setSlug] = useState(playbook.slug);
  const [body, setBody] = useState(playbook.body);
  // What the server has; edits are compared against it, and it moves on after each save.
  const [base, setBase] = useState({ title: playbook.title, slug: playbook.slug, body: playbook.body });
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation();
  const remove = useMutation();
  const readOnly = playbook.isBuiltin;
  // Typing before hydration would be lost or spliced into the initial text: the fields wait for React.
  const hydrated = useHydrated();
  const dirty = !readOnly && (title !== base.title || slug !== base.slug || body !== base.body);
  const { bytes, label } = size(body);

  // Leaving with unsaved edits asks first: a link in the app (the sidebar, the breadcrumb) and closing or reloading.
  const unsaved = useUnsavedChanges(dirty);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!dirty) return;
    setSaved(null);
    const patch = {
      ...(title !== base.title ? { title: title.trim() } : {}),
      ...(slug !== base.slug ? { slug: slug.trim() } : {}),
      ...(body !== base.body ? { body } : {}),
    };
    const done = await save.run(() => apiFetch<{ title: string; slug: string; body: string }>(`/api/playbooks/${playbook.id}`, { method: "PATCH", body: patch }));
    if (done === undefined) return;
    setBase({ title: done.title, slug: done.slug, body: done.body });
    setTitle(done.title);
    setSlug(done.slug);
    setSaved("Saved");
  }

  async function onDelete() {
    const done = await remove.run(() => apiFetch(`/api/playbooks/${playbook.id}`, { method: "DELETE" }), { refresh: false });
    if (done !== undefined) router.push("/playbooks");
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={readOnly ? "Playbook (read-only)" : "Edit playbook"}>
      <UnsavedChangesDialog guard={unsaved}>
        <p>Your edits to {base.title} are not saved. If you leave now, they are lost.</p>
      </UnsavedChangesDialog>
      {readOnly ? (
        <div className="rounded-md border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-200">
          Built-in playbooks are read-only and updated with the app. Use <strong>Duplicate to edit</strong> to make your own copy, then pick it on a campaign.
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Input id="playbook-title" label="Title" required maxLength={120} value={title} readOnly={!hydrated} onChange={(e) => setTitle(e.target.value)} />
          <Input
            id="playbook-slug"
            label="Slug"
            required
            maxLength={64}
            className="font-mono"
            value={slug}
            readOnly={!hydrated}
            onChange={(e) => setSlug(e.target.value)}
            hint="Lowercase letters, digits and dashes; unique in your organization."
          />
        </div>
      )}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col">
          <div className="mb-1.5 flex items-center justify-between">
            <label htmlFor="playbook-body" className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
              Markdown
            </label>
            <span className={bytes > MAX_BYTES ? "text-xs text-red-600 dark:text-red-400" : "text-xs text-zinc-500 dark:text-zinc-400"}>
              {label} of 200 KB
            </span>
          </div>
          <textarea
            id="playbook-body"
            name="body"
            value={body}
            readOnly={readOnly || !hydrated}
            onChange={(e) => setBody(e.target.value)}
            spellCheck={!readOnly}
            className={cx(
              paneClass,
              "block w-full flex-1 resize-y px-4 py-3 font-mono text-xs leading-relaxed text-zinc-900 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/40 dark:text-zinc-100",
              // Only a built-in looks read-only; an editable one waiting for hydration keeps its colours.
              readOnly && "read-only:bg-zinc-50 dark:read-only:bg-zinc-950",
            )}
          />
        </div>
        <div className="flex min-w-0 flex-col">
          <div className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200" id="playbook-preview-label">
            Preview
          </div>
          {/* The agent's instructions, written for the agent: they name its tools (mcp__outreach__…) as a playbook must. */}
          <section aria-labelledby="playbook-preview-label" data-agent-instructions tabIndex={0} className={`${paneClass} max-h-[48rem] flex-1 overflow-y-auto px-5 py-4`}>
            {body.trim() ? <Markdown>{body}</Markdown> : <p className="text-sm text-zinc-500 italic dark:text-zinc-400">Nothing to preview yet.</p>}
          </section>
        </div>
      </div>

      {readOnly ? null : (
        <>
          {/* Sticky: Save and the unsaved state stay in view however long the playbook is. */}
          <div
            role="region"
            aria-label="Save playbook"
            data-testid="playbook-save-bar"
            className="sticky bottom-0 z-20 -mx-1 space-y-2 rounded-lg border border-zinc-200 bg-white/95 px-4 py-3 shadow-md backdrop-blur dark:border-zinc-700 dark:bg-zinc-900/95"
          >
            <InlineError message={save.error} />
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" pending={save.pending} disabled={!dirty}>
                Save
              </Button>
              {dirty ? <Badge tone="warning">Unsaved changes</Badge> : <InlineNotice message={saved} />}
            </div>
          </div>
          <Card
            title="Delete playbook"
            description={
              playbook.campaignCount > 0
                ? `${playbook.campaignCount === 1 ? "1 campaign uses" : `${playbook.campaignCount} campaigns use`} this playbook; after deleting it they run the built-in playbook of their approach. Past runs keep their copy.`
                : "Past runs keep their copy of it."
            }
          >
            <InlineError message={remove.error} className="mb-3" />
            <ConfirmButton onConfirm={onDelete} pending={remove.pending} confirmLabel="Delete playbook" description={`Delete playbook ${playbook.title}`}>
              Delete playbook
            </ConfirmButton>
          </Card>
        </>
      )}
    </form>
  );
}
