import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { playbookSelect, type PlaybookNew } from "@/lib/playbooks/schemas";

/** A playbook of the organization's own (never built-in). A slug already used in the organization is a 409. */
export async function createPlaybook({ orgId, input }: { orgId: number; input: PlaybookNew }) {
  try {
    return await db.playbook.create({
      data: { organizationId: orgId, slug: input.slug, title: input.title, body: input.body, isBuiltin: false },
      select: playbookSelect,
    });
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") throw slugTaken(input.slug);
    throw err;
  }
}

export function slugTaken(slug: string): AppError {
  return new AppError("conflict", `A playbook with the slug "${slug}" already exists in this organization`, { field: "slug" });
}
