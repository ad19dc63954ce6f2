// Cloud runner tokens: who may run agents on a relay, checked by the relay without a database. A token is
// `ocr_<claims>.<signature>`, both base64url; the claims name the organization it is billed to, an id (for revocation)
// and when it expires; the signature is Ed25519 by the cloud edition's private key, which the relay never holds (it
// only verifies, with the public key). Keys travel as base64 DER (PKCS#8 private, SPKI public), one line each.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, sign, verify, type KeyObject } from "node:crypto";
import { z } from "zod";

const PREFIX = "ocr_";

const ZClaims = z
  .object({
    v: z.literal(1),
    /** The organization the runs are metered to. */
    org: z.number().int().positive(),
    jti: z.string().min(8).max(64),
    iat: z.number().int(),
    exp: z.number().int(),
  })
  .strict();
export type CloudTokenClaims = z.infer<typeof ZClaims>;

export function generateCloudKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  return {
    privateKey: privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
    publicKey: publicKey.export({ format: "der", type: "spki" }).toString("base64"),
  };
}

export function privateKeyFrom(base64Der: string): KeyObject {
  return createPrivateKey({ key: Buffer.from(base64Der, "base64"), format: "der", type: "pkcs8" });
}

export function publicKeyFrom(base64Der: string): KeyObject {
  return createPublicKey({ key: Buffer.from(base64Der, "base64"), format: "der", type: "spki" });
}

export function signCloudToken({ org, ttlSeconds, now = new Date(), jti = randomUUID() }: { org: number; ttlSeconds: number; now?: Date; jti?: string }, key: KeyObject): { token: string; claims: CloudTokenClaims } {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: CloudTokenClaims = { v: 1, org, jti, iat, exp: iat + ttlSeconds };
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  const signature = sign(null, Buffer.from(body), key).toString("base64url");
  return { token: `${PREFIX}${body}.${signature}`, claims };
}

export type TokenVerdict = { ok: true; claims: CloudTokenClaims } | { ok: false; reason: "invalid" | "expired" | "revoked" };

export function verifyCloudToken(token: string, key: KeyObject, { now = new Date(), revoked = new Set<string>() }: { now?: Date; revoked?: ReadonlySet<string> } = {}): TokenVerdict {
  if (!token.startsWith(PREFIX)) return { ok: false, reason: "invalid" };
  const [body, signature] = token.slice(PREFIX.length).split(".");
  if (!body || !signature) return { ok: false, reason: "invalid" };
  let valid = false;
  try {
    valid = verify(null, Buffer.from(body), key, Buffer.from(signature, "base64url"));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: "invalid" };
  let claims: CloudTokenClaims;
  try {
    claims = ZClaims.parse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (claims.exp * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  if (revoked.has(claims.jti)) return { ok: false, reason: "revoked" };
  return { ok: true, claims };
}
