// The organizations a user belongs to, with their role in each: what the sidebar's switcher lists.
import { db } from "@/lib/db/client";

export async function listUserOrganizations({ userId }: { userId: number }) {
  const rows = await db.membership.findMany({
    where: { userId },
    orderBy: { organization: { name: "asc" } },
    select: { role: true, organization: { select: { id: true, name: true, plan: true } } },
  });
  return rows.map((m) => ({ id: m.organization.id, name: m.organization.name, role: m.role, plan: m.organization.plan }));
}
