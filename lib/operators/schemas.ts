import { z } from "zod";
import { ZText } from "@/lib/http/fields";

export const ZOperatorOrganizationsQuery = z
  .object({ q: ZText.trim().min(1).max(120).optional().describe("Part of an organization's name") })
  .strict();
