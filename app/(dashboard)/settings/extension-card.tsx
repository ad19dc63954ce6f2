// Settings → Browser extension: download it with install steps, pair by code, and the organization's devices with
// their last sync, channel liveness (docs/extension-api.md) and Revoke.
import { RelativeTime } from "@/app/_components/relative-time";
import { Badge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { EmptyState } from "@/app/_components/empty-state";
import { formatDateTime } from "@/app/_components/format";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import type { ChannelState } from "@/lib/extension/schemas";
import { listDevices } from "@/lib/extension/list-devices";
import { GeneratePairingCode, RevokeDevice } from "./extension-controls";
import { ExtensionInstall } from "./extension-install";
import { isCloudEdition } from "@/lib/edition/edition";

const DOT: Record<ChannelState, { className: string; label: string }> = {
  ok: { className: "bg-emerald-500", label: "OK" },
  unauthorized: { className: "bg-red-500", label: "Unauthorized" },
  error: { className: "bg-amber-500", label: "Error" },
  unknown: { className: "bg-zinc-300 dark:bg-zinc-600", label: "Unknown" },
};

function Liveness({ channel, state }: { channel: string; state: ChannelState }) {
  const dot = DOT[state];
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap" data-channel={channel} data-state={state}>
      <span className={`size-2 rounded-full ${dot.className}`} aria-hidden="true" />
      <span className="text-zinc-500 dark:text-zinc-400">{channel}</span>
      <span className="text-zinc-900 dark:text-zinc-100">{dot.label}</span>
    </span>
  );
}

const never = <span className="text-zinc-500 dark:text-zinc-400">Never</span>;

export async function ExtensionCard() {
  const { orgId, role } = await getPageContext();
  const devices = await listDevices({ orgId });
  const canRevoke = hasRole(role, "admin");

  return (
    <Card
      id="browser-extension"
      title="Browser extension"
      description="The extension marks drafts as sent when you submit them on the platform and brings replies back. Each browser pairs with its own token."
      className="mt-6"
    >
      <div className="space-y-6">
        <ExtensionInstall autoPairs={isCloudEdition()} />
        <GeneratePairingCode />
        {devices.length === 0 ? (
          <EmptyState className="py-8" title="No browsers paired" description="Generate a pairing code, or pair from the extension with this tab open." />
        ) : (
          <Table label="Paired devices">
            <THead>
              <tr>
                <Th>Device</Th>
                <Th>Last sync</Th>
                <Th>Last seen</Th>
                <Th>Channels</Th>
                <Th className="text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </THead>
            <TBody>
              {devices.map((d) => (
                <Tr key={d.id}>
                  <Td className="font-medium text-zinc-900 dark:text-zinc-100">
                    {d.name}
                    <div className="text-xs font-normal text-zinc-500 dark:text-zinc-400">
                      <span className="font-mono">{d.tokenPrefix}…</span> · paired <RelativeTime at={d.createdAt} />
                    </div>
                  </Td>
                  <Td className="whitespace-nowrap">
                    {d.lastSyncAt ? <RelativeTime at={d.lastSyncAt} /> : never}
                    {d.stale ? <div className="text-xs text-amber-700 dark:text-amber-400">No sync for over 90 minutes</div> : null}
                  </Td>
                  <Td className="whitespace-nowrap">{d.lastSeenAt ? <RelativeTime at={d.lastSeenAt} /> : never}</Td>
                  <Td>
                    {d.revoked ? (
                      <span className="text-zinc-500 dark:text-zinc-400">—</span>
                    ) : (
                      <div className="flex flex-col gap-1 text-xs">
                        <Liveness channel="Chat" state={d.channels.chat} />
                        <Liveness channel="Inbox" state={d.channels.legacy} />
                      </div>
                    )}
                  </Td>
                  <Td className="text-right">
                    {d.revoked ? (
                      <Badge tone="neutral" title={d.revokedAt ? `Revoked ${formatDateTime(d.revokedAt)}` : undefined}>
                        Revoked
                      </Badge>
                    ) : canRevoke ? (
                      <RevokeDevice id={d.id} name={d.name} />
                    ) : null}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </div>
    </Card>
  );
}
