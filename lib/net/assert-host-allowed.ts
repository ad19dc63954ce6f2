// The save-time half of the network guard: an address a tenant types (a federated instance, a repository URL) is
// refused when it is saved, so the person learns it at once rather than from a failed run. A literal IP is judged as
// it is; a host name is resolved and every address judged. The connect-time check (guarded-lookup.ts) still runs on
// every request, because a name may resolve elsewhere later.
import { isIP } from "node:net";
import { AppError } from "@/lib/http/errors";
import { checkAddress } from "@/lib/net/address-guard";
import { resolveAndJudge } from "@/lib/net/guarded-lookup";
import { isTrustedOrigin, type DestinationPolicy } from "@/lib/net/guarded-request";
import { privateHostsAdvice } from "@/lib/net/private-hosts";

/**
 * @param what opens the sentence: "The instance address", "The repository URL".
 * @param field the input field, for the error's details.
 */
export async function assertHostAllowed(rawUrl: string, { policy, what, field }: { policy: DestinationPolicy; what: string; field: string }): Promise<void> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new AppError("bad_request", `${what} is not a valid URL.`, { field });
  }
  if (isTrustedOrigin(url, policy)) return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0) {
    const verdict = checkAddress(host, { allowPrivate: policy.allowPrivate });
    if (!verdict.allowed) throw new AppError("bad_request", `${what} is refused: ${verdict.reason}. ${privateHostsAdvice()}`, { field });
    return;
  }
  const judged = await resolveAndJudge(host, policy.allowPrivate);
  if (judged.ok) return;
  if ("reason" in judged) {
    throw new AppError("bad_request", `${what} is refused: ${host} resolves to an address that cannot be used (${judged.reason}). ${privateHostsAdvice()}`, { field });
  }
  // The resolver's code (ENOTFOUND, EAI_AGAIN) means nothing to the person who typed the address; the words do.
  throw new AppError("bad_request", `${what} names ${host}, which could not be found${judged.unresolved === "EAI_AGAIN" ? " right now (its name server did not answer)" : ""}. Check the address.`, { field });
}
