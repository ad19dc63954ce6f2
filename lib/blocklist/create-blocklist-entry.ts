import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { blocklistSelect, toBlocklistView, type BlocklistInput } from "@/lib/blocklist/schemas";

export async function createBlocklistEntry({ orgId, input }: { orgId: number; input: BlocklistInput }) {
  if (input.projectId) await getProjectOrThrow({ orgId, id: input.projectId });
  try {
    const row = await db.blocklistEntry.create({
      data: { organizationId: orgId, projectId: input.projectId ?? null, type: input.type, value: input.value, reason: input.reason ?? null },
      select: blocklistSelect,
    });
    return toBlocklistView(row);
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") {
      throw new AppError("conflict", `"${input.value}" is already blocked in that scope`);
    }
    throw err;
  }
}
