"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiFetch, ApiError } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { Input } from "@/app/_components/input";
import { Textarea } from "@/app/_components/textarea";
import { useMutation } from "@/app/_components/use-mutation";
import { sourceSummary, type FolderRoots, type ProjectSource } from "./source-words";
import { uploadArchive } from "./upload-archive";
import { StorageUsageLine, type StorageFigures } from "./storage-usage-line";

type ProjectValues = { name: string; description: string; website: string | null; source: ProjectSource };

type ProjectFormProps = { folderRoots: FolderRoots; storage: StorageFigures; onDone?: () => void } & (
  | { mode: "create"; initial?: undefined; projectId?: undefined }
  | { mode: "edit"; initial: ProjectValues; projectId: number }
);

type Choice = "keep" | "none" | "archive" | "repository" | "folder";

/**
 * Create a project (POST /api/projects) or edit one (PATCH /api/projects/[id]), with its source as a choice: an
 * archive to upload (sent after the project is saved, to PUT …/source/archive), a Git repository (cloned by the save
 * itself), or a folder on the server where the operator offers folders.
 */
export function ProjectForm({ mode, initial, projectId, folderRoots, storage, onDone }: ProjectFormProps) {
  const router = useRouter();
  const { pending, error, setError, run } = useMutation();
  const [formKey, setFormKey] = useState(0);
  const [choice, setChoice] = useState<Choice>(mode === "edit" && initial.source ? "keep" : "none");
  const idp = mode === "create" ? "new-project" : "edit-project";
  const current = initial?.source ?? null;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const description = String(form.get("description") ?? "").trim();
    const website = String(form.get("website") ?? "").trim();
    const file = form.get("archive");
    const archive = choice === "archive" && file instanceof File && file.size > 0 ? file : null;
    if (choice === "archive" && !archive) {
      setError("Choose the .zip or .tar.gz file to upload.");
      return;
    }
    const source =
      choice === "none" ? null
        : choice === "repository" ? { kind: "repository", url: String(form.get("repoUrl") ?? "").trim(), ref: String(form.get("repoRef") ?? "").trim() || null }
          : choice === "folder" ? { kind: "folder", path: String(form.get("folderPath") ?? "").trim() }
            : undefined;

    const saved = await run(async () => {
      const project =
        mode === "create"
          ? await apiFetch<{ id: number }>("/api/projects", {
              method: "POST",
              body: { name, ...(description ? { description } : {}), ...(website ? { website } : {}), ...(source ? { source } : {}) },
            })
          : await apiFetch<{ id: number }>(`/api/projects/${projectId}`, {
              method: "PATCH",
              // "Upload an archive" leaves the current source alone until the upload has been accepted.
              body: { name, description, website, ...(source !== undefined && (source !== null || current) ? { source } : {}) },
            });
      if (archive) {
        try {
          await uploadArchive(project.id, archive);
        } catch (err) {
          // The project itself was saved (and is listed now); the upload can be tried again from its page.
          router.refresh();
          const why = err instanceof Error ? err.message : "the upload failed.";
          throw new ApiError(err instanceof ApiError ? err.status : 0, `The project was saved, but not its archive. ${why}`, null, null);
        }
      }
      return project;
    });
    if (saved) {
      setFormKey((k) => k + 1);
      setChoice(mode === "edit" ? "keep" : "none");
      if (mode === "create" && saved.id) router.push(`/projects/${saved.id}`);
      onDone?.();
    }
  }

  const options: { value: Choice; label: string }[] = [
    ...(mode === "edit" && current ? [{ value: "keep" as const, label: "Keep the current source" }] : []),
    { value: "none", label: mode === "edit" && current ? "Remove the source" : "No source" },
    { value: "archive", label: "Upload an archive" },
    { value: "repository", label: "Git repository" },
    ...(folderRoots ? [{ value: "folder" as const, label: "Folder on this server" }] : []),
  ];

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
        hint="What the product or initiative is, in Markdown; drafts use it as context. Auto-extract can write it from the project's source."
      />
      <Input
        id={`${idp}-website`}
        name="website"
        label="Website"
        optional
        type="url"
        inputMode="url"
        placeholder="https://example.com"
        defaultValue={initial?.website ?? ""}
        hint="The product's public site; drafts mention it where it helps."
      />
      <fieldset className="space-y-3 rounded-md border border-zinc-200 p-4 dark:border-zinc-800">
        <legend className="px-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Source <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
        </legend>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          What Auto-extract reads to write the description: the project&apos;s code and docs. The agent reads it only through its tools.
          {current ? <> Now: {sourceSummary(current)}.</> : null}
        </p>
        <div role="radiogroup" aria-label="Source" className="flex flex-wrap gap-x-5 gap-y-2">
          {options.map((o) => (
            <label key={o.value} className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
              <input
                type="radio"
                name="sourceChoice"
                value={o.value}
                checked={choice === o.value}
                onChange={() => setChoice(o.value)}
                className="size-4 accent-indigo-600"
              />
              {o.label}
            </label>
          ))}
        </div>
        {choice === "archive" ? (
          <Input
            id={`${idp}-archive`}
            name="archive"
            label="Archive"
            type="file"
            accept=".zip,.tar.gz,.tgz,application/zip,application/gzip"
            hint="A .zip or .tar.gz of the project's files, unpacked on the server for Auto-extract. Leave out dependencies and build output; links and files outside the archive's folder are refused."
          />
        ) : null}
        {/* The branch column is as wide as its label ("Branch or tag (optional)") needs, the URL takes the rest:
            a third of a narrow form wrapped that label onto two lines. */}
        {choice === "repository" ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_13rem]">
            <Input
              id={`${idp}-repoUrl`}
              name="repoUrl"
              label="Repository URL"
              type="url"
              required
              placeholder="https://github.com/owner/name.git"
              defaultValue={current?.kind === "repository" ? (current.url ?? "") : ""}
              hint="A public repository. Saving fetches its latest files (this can take up to a minute); Fetch again updates them."
            />
            <Input
              id={`${idp}-repoRef`}
              name="repoRef"
              label="Branch or tag"
              optional
              fieldClassName="min-w-0 [&>label]:whitespace-nowrap"
              placeholder="main"
              defaultValue={current?.kind === "repository" ? (current.ref ?? "") : ""}
            />
          </div>
        ) : null}
        {choice === "archive" || choice === "repository" ? <StorageUsageLine storage={storage} /> : null}
        {choice === "folder" && folderRoots ? (
          <Input
            id={`${idp}-folderPath`}
            name="folderPath"
            label="Folder"
            required
            placeholder={folderRoots[0] ? `${folderRoots[0]}/my-product` : "my-product"}
            defaultValue={current?.kind === "folder" ? (current.path ?? "") : ""}
            hint={`A folder on the machine that runs the dashboard, inside ${folderRoots.join(" or ")} (relative to it, or the full path).`}
          />
        ) : null}
      </fieldset>
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
