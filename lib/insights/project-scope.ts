// What "of this project" means for the brief's inputs and its evidence. Drafts carry their project; a conversation
// message belongs to the project of the outbound draft its thread continues. Both filters start with the
// organization, so an id of another organization never matches.
import type { Prisma } from "@/lib/generated/prisma/client";

export function projectDraftWhere(orgId: number, projectId: number): Prisma.DraftWhereInput {
  return { organizationId: orgId, projectId };
}

export function projectMessageWhere(orgId: number, projectId: number): Prisma.ConversationMessageWhereInput {
  return { organizationId: orgId, thread: { organizationId: orgId, parentDraft: { organizationId: orgId, projectId } } };
}
