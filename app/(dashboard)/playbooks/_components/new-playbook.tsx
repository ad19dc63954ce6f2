"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { Input } from "@/app/_components/input";
import { useMutation } from "@/app/_components/use-mutation";

const STARTER = `# My playbook

Say what the agent should achieve in one or two sentences.

## Steps

1. Call \`mcp__outreach__run_start\` and read the campaign, project and accounts.
2. Research with the platform tools, then shortlist people with \`mcp__outreach__staging_candidates\`.
3. Check them with \`mcp__outreach__blocklist_check\` and \`mcp__outreach__contact_history_check\`.
4. Save drafts with \`mcp__outreach__drafts_create\`, each with a quality score.
5. Call \`mcp__outreach__run_finish\` with a short summary (zero drafts is fine).
`;

/** A slug suggestion from a title: "My Forum Scout!" -> "my-forum-scout". */
function slugify(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 64);
}

/** "New playbook": asks for a title and slug, creates a starter playbook and opens it in the editor. */
export function NewPlaybook() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [slug, setSlug] = useState("");
  const [slugTouched, setSlugTouched] = useState(false);
  const { pending, error, run } = useMutation();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const created = await run(
      () => apiFetch<{ id: number }>("/api/playbooks", { method: "POST", body: { title: title.trim(), slug: slug.trim(), body: STARTER } }),
      { refresh: false },
    );
    if (created) router.push(`/playbooks/${created.id}`);
  }

  if (!open) return <Button onClick={() => setOpen(true)}>New playbook</Button>;

  return (
    <form
      onSubmit={onSubmit}
      aria-label="New playbook"
      className="w-full max-w-xl space-y-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Input
          id="new-playbook-title"
          label="Title"
          required
          maxLength={120}
          autoFocus
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            if (!slugTouched) setSlug(slugify(e.target.value));
          }}
        />
        <Input
          id="new-playbook-slug"
          label="Slug"
          required
          maxLength={64}
          className="font-mono"
          value={slug}
          onChange={(e) => {
            setSlugTouched(true);
            setSlug(e.target.value);
          }}
          hint="Lowercase letters, digits and dashes."
        />
      </div>
      <InlineError message={error} />
      <div className="flex items-center gap-2">
        <Button type="submit" pending={pending}>
          Create playbook
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
