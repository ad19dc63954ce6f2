// PUT /api/projects/[id]/source/archive from the browser: the file's bytes as the body (not JSON, not a form), its
// name in the query, and the server's sentence when it is refused.
import { ApiError } from "@/app/_components/api-fetch";
import { archiveContentType } from "./source-words";

export async function uploadArchive(projectId: number, file: File): Promise<void> {
  const type = archiveContentType(file.name);
  if (!type) throw new ApiError(400, "Choose a .zip or a .tar.gz file.", "bad_request", null);
  let res: Response;
  try {
    res = await fetch(`/api/projects/${projectId}/source/archive?${new URLSearchParams({ name: file.name })}`, {
      method: "PUT",
      headers: { "Content-Type": type, Accept: "application/json" },
      body: file,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "Could not reach the server. Check your connection and try again.", "network", null);
  }
  if (res.ok) return;
  const data = (await res.json().catch(() => null)) as { error?: string; message?: string } | null;
  throw new ApiError(res.status, data?.message ?? `The upload failed (${res.status}).`, data?.error ?? null, data);
}
