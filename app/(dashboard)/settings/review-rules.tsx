// Settings > General > Review rules: what every draft is checked against before it reaches the inbox and again
// before it is sent (deduplication, the quality rubric, the blocklist).
import { Badge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { EmptyState } from "@/app/_components/empty-state";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import type { listBlocklist } from "@/lib/blocklist/list-blocklist";
import type { getAppConfig } from "@/lib/config/get-app-config";
import { DedupForm, RubricForm } from "./app-config-forms";
import { BlocklistDelete, BlocklistForm } from "./blocklist-form";

type Props = {
  config: Awaited<ReturnType<typeof getAppConfig>>;
  blocklist: Awaited<ReturnType<typeof listBlocklist>>;
  projects: { id: number; name: string }[];
};

export function ReviewRules({ config, blocklist, projects }: Props) {
  return (
    <>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Card title="Deduplication" description="Avoid contacting the same person twice within a window.">
          <DedupForm initial={config.dedup_policy} />
        </Card>
        <Card title="Quality rubric" description="How drafts are scored and when the inbox badge turns red or green.">
          <RubricForm initial={config.quality_rubric} />
        </Card>
      </div>
      <Card title="Blocklist" description="Users, communities and keywords that are never drafted for or sent to. Checked before drafting and again before sending.">
        <div className="space-y-6">
          {blocklist.length === 0 ? (
            <EmptyState className="py-8" title="Nothing blocked" description="Add a user, community or keyword below to keep it out of every draft." />
          ) : (
            <Table label="Blocklist">
              <THead>
                <tr>
                  <Th>Type</Th>
                  <Th>Value</Th>
                  <Th>Scope</Th>
                  <Th>Reason</Th>
                  <Th className="text-right">
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </THead>
              <TBody>
                {blocklist.map((b) => (
                  <Tr key={b.id}>
                    <Td>
                      <Badge tone={b.type === "keyword" ? "warning" : b.type === "community" ? "primary" : "neutral"}>{b.type}</Badge>
                    </Td>
                    <Td className="font-medium text-zinc-900 dark:text-zinc-100">{b.value}</Td>
                    <Td>{b.projectId === null ? "All projects" : (b.projectName ?? `Project #${b.projectId}`)}</Td>
                    <Td className="max-w-xs text-zinc-500 dark:text-zinc-400">{b.reason || <span className="text-zinc-500 dark:text-zinc-400">—</span>}</Td>
                    <Td className="text-right">
                      <BlocklistDelete id={b.id} label={`${b.type} ${b.value}`} />
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
          <div className="border-t border-zinc-200 pt-5 dark:border-zinc-800">
            <h3 className="mb-3 text-sm font-semibold text-zinc-900 dark:text-zinc-100">Add entry</h3>
            <BlocklistForm projects={projects} />
          </div>
        </div>
      </Card>
    </>
  );
}
