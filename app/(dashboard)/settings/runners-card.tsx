import { Badge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import type { RunnerStatus } from "@/lib/runners/detect-runners";
import { RedetectButton } from "./redetect-button";

/** Settings > Agent runners: each backend's spec (data in lib/runners/backends.ts), its detection state and hint. */
export function RunnersCard({ runners }: { runners: RunnerStatus[] }) {
  const detectedAt = runners[0]?.detectedAt;
  return (
    <Card
      title="Agent runners"
      description={`Local agent CLIs are detected with --version, the cloud runner by a hello to its relay, when the server starts${detectedAt ? ` (last checked ${new Date(detectedAt).toLocaleString("en-GB", { timeZone: "UTC" })} UTC)` : ""}.`}
      className="mt-6"
    >
      <div className="space-y-4">
        <Table label="Agent runners">
          <THead>
            <tr>
              <Th>Runner</Th>
              <Th>Status</Th>
              <Th>Command</Th>
              <Th>Notes</Th>
            </tr>
          </THead>
          <TBody>
            {runners.map((r) => (
              <Tr key={r.slug}>
                <Td className="font-medium text-zinc-900 dark:text-zinc-100">
                  {r.label}
                  <div className="font-mono text-xs font-normal text-zinc-500 dark:text-zinc-400">{r.slug}</div>
                </Td>
                <Td>
                  {r.available ? (
                    <Badge tone="success">
                      {r.spec ? "Installed" : "Connected"}
                      {r.version ? ` · ${r.version}` : ""}
                    </Badge>
                  ) : (
                    <Badge tone={r.spec ? "neutral" : "warning"}>{r.spec ? "Not installed" : "Unavailable"}</Badge>
                  )}
                </Td>
                <Td className="font-mono text-xs">
                  {r.spec ? `${r.spec.binary} ${r.spec.acpArgs.join(" ")}` : "relay over WebSocket (OUTREACH_CLOUD_RELAY_URL)"}
                  {r.spec ? (
                    <div className="mt-1 font-sans text-zinc-500 dark:text-zinc-400" title={r.spec.envPassthrough.join(", ")}>
                      passes {r.spec.envPassthrough.length} environment variables
                    </div>
                  ) : null}
                </Td>
                <Td className="max-w-md text-sm text-zinc-600 dark:text-zinc-300">{r.available ? "Ready to run campaigns." : r.reason}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
        <RedetectButton />
      </div>
    </Card>
  );
}
