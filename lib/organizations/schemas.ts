import { z } from "zod";
import { ZDbId, ZText } from "@/lib/http/fields";

export const ZOrganizationName = ZText.trim().min(1, "Give the organization a name").max(120);
export const ZCreateOrganizationBody = z.object({ name: ZOrganizationName }).strict();
export const ZRenameOrganizationBody = z.object({ name: ZOrganizationName }).strict();
/** Deleting asks for the organization's name, typed again, so a slip cannot delete it. */
export const ZDeleteOrganizationBody = z.object({ confirmName: ZText.trim().min(1).max(120) }).strict();
export const ZSwitchOrganizationBody = z.object({ organizationId: ZDbId }).strict();
/** Hide Home's Getting started (true) or bring it back (false). */
export const ZGettingStartedBody = z.object({ dismissed: z.boolean().describe("true hides Getting started on Home; false shows it again") }).strict();
