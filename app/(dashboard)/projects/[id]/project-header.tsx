"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { InlineError } from "@/app/_components/inline-error";
import { PageHeader } from "@/app/_components/page-header";
import { useMutation } from "@/app/_components/use-mutation";
import { ProjectForm } from "../project-form";
import type { StorageFigures } from "../storage-usage-line";
import type { FolderRoots, ProjectSource } from "../source-words";

type Project = { id: number; name: string; description: string; website: string | null; source: ProjectSource; createdLabel: string };

export function ProjectHeader({ project, folderRoots, storage }: { project: Project; folderRoots: FolderRoots; storage: StorageFigures }) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const del = useMutation();

  async function onDelete() {
    const ok = await del.run(() => apiFetch(`/api/projects/${project.id}`, { method: "DELETE" }), { refresh: false });
    if (ok !== undefined) {
      router.push("/projects");
      router.refresh();
    }
  }

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/projects" className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
            ← Projects
          </Link>
        }
        title={project.name}
        // The description itself is shown (as Markdown) in the Description card below, beside Auto-extract.
        description={
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            Created {project.createdLabel}
            {project.website ? (
              <>
                {" · "}
                <a href={project.website} target="_blank" rel="noopener noreferrer" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                  {websiteLabel(project.website)}
                </a>
              </>
            ) : null}
          </span>
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
              {editing ? "Close editor" : "Edit"}
            </Button>
            <ConfirmButton
              size="md"
              onConfirm={onDelete}
              pending={del.pending}
              confirmLabel="Delete project"
              description={`Delete project ${project.name}`}
              consequences="Its accounts, campaigns, example messages and uploaded or fetched source files are deleted with it. Drafts and runs keep their history."
              typeToConfirm={project.name}
            >
              Delete
            </ConfirmButton>
          </>
        }
      />
      <InlineError message={del.error} className="mb-4" />
      {editing ? (
        <Card title="Edit project" className="mb-6 max-w-xl">
          <ProjectForm
            mode="edit"
            projectId={project.id}
            initial={{ name: project.name, description: project.description, website: project.website, source: project.source }}
            folderRoots={folderRoots}
            storage={storage}
            onDone={() => setEditing(false)}
          />
        </Card>
      ) : null}
    </>
  );
}

/** The website as people say it: the host and path, without the scheme. */
function websiteLabel(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === "/" ? "" : u.pathname}`;
  } catch {
    return url;
  }
}
