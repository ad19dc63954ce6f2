import { z } from "zod";

export const ZOrganizationName = z.string().trim().min(1, "Give the organization a name").max(120);
export const ZCreateOrganizationBody = z.object({ name: ZOrganizationName }).strict();
export const ZRenameOrganizationBody = z.object({ name: ZOrganizationName }).strict();
/** Deleting asks for the organization's name, typed again, so a slip cannot delete it. */
export const ZDeleteOrganizationBody = z.object({ confirmName: z.string().trim().min(1).max(120) }).strict();
export const ZSwitchOrganizationBody = z.object({ organizationId: z.number().int().positive() }).strict();
