import { RelativeTime } from "@/app/_components/relative-time";
import { Badge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { EmptyState } from "@/app/_components/empty-state";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { OPERATOR_ORGANIZATIONS_LIMIT, type OperatorOrganization } from "@/lib/operators/list-organizations-for-operator";
import { planOf } from "@/lib/billing/plans";

/** Every organization of the service, newest activity first, with a name filter (a plain GET form). */
export function OperatorOrganizations({ data, q }: { data: { organizations: OperatorOrganization[]; total: number }; q: string }) {
  const shown = data.organizations.length;
  return (
    <Card
      title={`Organizations (${data.total})`}
      description={shown < data.total ? `The ${OPERATOR_ORGANIZATIONS_LIMIT} with the latest activity; filter by name to find others.` : "Newest activity first."}
      actions={
        <form method="get" role="search" className="flex items-center gap-2">
          <label htmlFor="operator-org-q" className="sr-only">
            Filter organizations by name
          </label>
          <input
            id="operator-org-q"
            name="q"
            defaultValue={q}
            placeholder="Filter by name"
            className="h-8 w-44 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-950"
          />
        </form>
      }
      className="mt-6"
      flush
    >
      {shown === 0 ? (
        <EmptyState className="py-8" title={q ? "No organization matches" : "No organizations yet"} description={q ? `Nothing is named like "${q}".` : "They appear here as people sign up."} />
      ) : (
        <div tabIndex={0} className="relative overflow-x-auto">
          <Table label="Organizations">
            <THead>
              <tr>
                <Th>Organization</Th>
                <Th>Plan</Th>
                <Th className="text-right">Members</Th>
                <Th className="text-right">Cloud minutes this period</Th>
                <Th>Last activity</Th>
                <Th>Created</Th>
              </tr>
            </THead>
            <TBody>
              {data.organizations.map((o) => {
                const plan = planOf(o.paid ? o.plan : "free");
                return (
                  <Tr key={o.id}>
                    <Td>
                      <span className="font-medium text-zinc-900 dark:text-zinc-100">{o.name}</span>
                      <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">#{o.id}</span>
                    </Td>
                    <Td>
                      <Badge tone={o.paid ? "primary" : "neutral"}>{plan.label}</Badge>
                      {o.subscriptionStatus && o.subscriptionStatus !== "active" ? <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">{o.subscriptionStatus}</span> : null}
                    </Td>
                    <Td className="text-right tabular-nums">{o.members}</Td>
                    <Td className="text-right tabular-nums">
                      {o.usedMinutes} / {plan.includedMinutes}
                    </Td>
                    <Td className="whitespace-nowrap tabular-nums">{o.lastActivityAt ? <RelativeTime at={o.lastActivityAt} /> : <span className="text-zinc-500 dark:text-zinc-400">None yet</span>}</Td>
                    <Td className="whitespace-nowrap tabular-nums"><RelativeTime at={o.createdAt} /></Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        </div>
      )}
    </Card>
  );
}
