// The DNS step of every guarded connection. It runs at connect time on the addresses the socket is about to use, so
// a DNS answer that changes between a check and the connect (rebinding) cannot reach an address the guard has not
// seen. Every address must pass: with a mixed answer, which one the socket would pick is not ours to predict.
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import { checkAddress } from "@/lib/net/address-guard";

/** A destination the guard refused; `reason` completes "<address> …" ("127.0.0.1 is a loopback address"). */
export class RefusedAddressError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "RefusedAddressError";
  }
}

export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    // `dns.lookup` is read from the module object at call time, so tests can answer chosen names without public DNS.
    dns.lookup(hostname, { all: true, family: options.family, hints: options.hints }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      for (const { address } of addresses) {
        const verdict = checkAddress(address, { allowPrivate });
        if (!verdict.allowed) return callback(new RefusedAddressError(verdict.reason), "", 0);
      }
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
      // Node 20 asks for `all` when it would race address families (autoSelectFamily); answer in the shape asked.
      if (options.all) return callback(null, [first]);
      callback(null, first.address, first.family);
    });
  };
}

/** Every address a host name resolves to, judged the same way (the save-time check; the connect re-checks). */
export async function resolveAndJudge(hostname: string, allowPrivate: boolean): Promise<{ ok: true } | { ok: false; reason: string } | { ok: false; unresolved: string }> {
  let addresses: dns.LookupAddress[];
  try {
    addresses = await new Promise<dns.LookupAddress[]>((resolve, reject) =>
      dns.lookup(hostname, { all: true }, (err, found) => (err ? reject(err) : resolve(found))),
    );
  } catch (err) {
    return { ok: false, unresolved: String((err as { code?: unknown }).code ?? "ENOTFOUND") };
  }
  if (addresses.length === 0) return { ok: false, unresolved: "ENOTFOUND" };
  for (const { address } of addresses) {
    const verdict = checkAddress(address, { allowPrivate });
    if (!verdict.allowed) return { ok: false, reason: verdict.reason };
  }
  return { ok: true };
}
