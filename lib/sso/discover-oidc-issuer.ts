// OpenID Connect discovery for an organization's provider, read through the outbound guard (lib/net): the issuer is
// a host a tenant chose, so its address is judged after DNS like every other tenant-chosen destination, and so is
// every endpoint the discovery answer names (a provider could point its token endpoint at an internal address).
import { AppError } from "@/lib/http/errors";
import { assertHostAllowed } from "@/lib/net/assert-host-allowed";
import { guardedRequest } from "@/lib/net/guarded-request";
import { GuardedRequestError } from "@/lib/net/net-error";
import { allowPrivateHosts } from "@/lib/net/private-hosts";

export interface OidcEndpoints {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string | null;
  jwksUri: string;
}

// A discovery document is a few kilobytes; a provider answering more is not one.
const MAX_DISCOVERY_BYTES = 256 * 1024;
const DISCOVERY_TIMEOUT_MS = 10_000;

export async function discoverOidcIssuer({ issuer }: { issuer: string }): Promise<OidcEndpoints> {
  const policy = { allowPrivate: allowPrivateHosts() };
  await assertHostAllowed(issuer, { policy, what: "The issuer URL", field: "issuer" });
  const base = issuer.replace(/\/+$/, "");
  const url = `${base}/.well-known/openid-configuration`;
  let doc: Record<string, unknown>;
  try {
    const res = await guardedRequest({ url, policy, timeoutMs: DISCOVERY_TIMEOUT_MS, headers: { accept: "application/json" } });
    const body = await res.read({ maxBytes: MAX_DISCOVERY_BYTES, overflow: "fail" });
    if (res.status !== 200) throw new AppError("bad_request", `The provider answered ${res.status} at ${url}. Check the issuer URL.`, { field: "issuer" });
    doc = JSON.parse(body.bytes.toString("utf8")) as Record<string, unknown>;
    if (!doc || typeof doc !== "object") throw new SyntaxError("not an object");
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof GuardedRequestError) throw new AppError("bad_request", `The provider could not be reached: ${err.message}`, { field: "issuer" });
    throw new AppError("bad_request", `The provider's discovery document at ${url} is not valid JSON.`, { field: "issuer" });
  }
  // OpenID Connect Discovery 1.0, section 4.3: the issuer in the document must be the one asked for, exactly.
  if (doc.issuer !== issuer && doc.issuer !== base) {
    throw new AppError("bad_request", `The provider calls itself ${JSON.stringify(doc.issuer)}, not ${issuer}. Use the issuer URL it publishes.`, { field: "issuer" });
  }
  const endpoint = async (key: string, required: boolean): Promise<string | null> => {
    const value = doc[key];
    if (value === undefined && !required) return null;
    if (typeof value !== "string" || !/^https?:\/\//.test(value)) {
      throw new AppError("bad_request", `The provider's discovery document has no usable ${key}.`, { field: "issuer" });
    }
    await assertHostAllowed(value, { policy, what: `The provider's ${key}`, field: "issuer" });
    return value;
  };
  return {
    issuer: doc.issuer as string,
    authorizationEndpoint: (await endpoint("authorization_endpoint", true))!,
    tokenEndpoint: (await endpoint("token_endpoint", true))!,
    userinfoEndpoint: await endpoint("userinfo_endpoint", false),
    jwksUri: (await endpoint("jwks_uri", true))!,
  };
}
