// An account's federated instanceUrl is a host the tenant chose: the server will send the account's token there on
// every scout and post. It is refused when saved if it is (or resolves to) an address the server does not connect
// to for a tenant (loopback, private, link-local, the cloud metadata service …); the connect-time guard in lib/net
// still judges every request, because a name can resolve elsewhere later.
import { assertHostAllowed } from "@/lib/net/assert-host-allowed";
import { platformDestinationPolicy } from "@/lib/platforms/config";
import type { AccountInput } from "@/lib/accounts/schemas";

export async function assertInstanceAllowed(credentials: AccountInput["credentials"]): Promise<void> {
  if (!credentials?.instanceUrl) return;
  await assertHostAllowed(credentials.instanceUrl, {
    policy: platformDestinationPolicy(),
    what: "The instance address",
    field: "credentials.instanceUrl",
  });
}
