import { db } from "@/lib/db/client";
import { projectSelect, type ProjectInput } from "@/lib/projects/schemas";

export async function createProject({ orgId, input }: { orgId: number; input: ProjectInput }) {
  return db.project.create({
    data: { organizationId: orgId, name: input.name, description: input.description ?? "", sourcePath: input.sourcePath ?? null },
    select: projectSelect,
  });
}
