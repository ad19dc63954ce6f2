"use client";

import { useState } from "react";
import { Badge } from "@/app/_components/badge";
import { Button } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { formatDateTime } from "@/app/_components/format";
import { InlineError } from "@/app/_components/inline-error";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { apiFetch } from "@/app/_components/api-fetch";
import { useMutation } from "@/app/_components/use-mutation";
import type { HostRunnerInventory } from "@/lib/operators/probe-host-runners";

/** The agent CLIs this host knows of, probed when the operator asks (probing starts each CLI once). */
export function HostRunners({ initial }: { initial: HostRunnerInventory | null }) {
  const [inventory, setInventory] = useState(initial);
  const { pending, error, run } = useMutation();
  const probe = () => run(async () => setInventory(await apiFetch<HostRunnerInventory>("/api/operator/runners", { method: "POST" })), { refresh: false });
  return (
    <Card
      title="Agent CLIs on this host"
      description={
        inventory
          ? `Probed ${formatDateTime(inventory.probedAt)}. ${inventory.offeredToTenants ? "Offered to tenants as local runners." : "Not offered to tenants: they run agents on the cloud runner only."}`
          : "Not probed since this server started."
      }
      actions={
        <Button size="sm" variant="secondary" pending={pending} onClick={probe}>
          Probe this host
        </Button>
      }
      className="mt-6"
      flush
    >
      <InlineError message={error} className="mx-5 mt-4" />
      {inventory ? (
        <div tabIndex={0} className="relative overflow-x-auto">
          <Table label="Agent CLIs on this host">
            <THead>
              <tr>
                <Th>Runner</Th>
                <Th>Command</Th>
                <Th>State</Th>
              </tr>
            </THead>
            <TBody>
              {inventory.runners.map((r) => (
                <Tr key={r.slug}>
                  <Td>
                    <span className="font-medium text-zinc-900 dark:text-zinc-100">{r.label}</span>
                    <code className="ml-2 font-mono text-xs text-zinc-500 dark:text-zinc-400">{r.slug}</code>
                  </Td>
                  <Td>
                    <code className="font-mono text-xs">{r.spec ? [r.spec.binary, ...r.spec.acpArgs].join(" ") : "—"}</code>
                  </Td>
                  <Td className="max-w-md">
                    {r.available ? <Badge tone="success">{r.version}</Badge> : <span className="text-xs text-zinc-600 dark:text-zinc-400">{r.reason}</span>}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </div>
      ) : (
        <p className="px-5 py-6 text-sm text-zinc-500 dark:text-zinc-400">Probe this host to list the agent CLIs installed on it and their versions.</p>
      )}
    </Card>
  );
}
