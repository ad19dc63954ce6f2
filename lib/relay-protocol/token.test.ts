import { describe, expect, it } from "vitest";
import { generateCloudKeyPair, privateKeyFrom, publicKeyFrom, signCloudToken, verifyCloudToken } from "@/lib/relay-protocol/token";

const pair = generateCloudKeyPair();
const [priv, pub] = [privateKeyFrom(pair.privateKey), publicKeyFrom(pair.publicKey)];

describe("cloud runner tokens", () => {
  it("a token signed by the cloud's key is accepted with its organization until it expires", () => {
    const now = new Date("2026-11-24T10:00:00Z");
    const { token } = signCloudToken({ org: 7, ttlSeconds: 3600, now }, priv);
    expect(token).toMatch(/^ocr_[\w-]+\.[\w-]+$/);
    expect(verifyCloudToken(token, pub, { now })).toMatchObject({ ok: true, claims: { org: 7 } });
    expect(verifyCloudToken(token, pub, { now: new Date(now.getTime() + 3600_000) })).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another key's signature, a changed claim, garbage and a revoked id", () => {
    const other = generateCloudKeyPair();
    const { token, claims } = signCloudToken({ org: 7, ttlSeconds: 3600 }, priv);
    expect(verifyCloudToken(token, publicKeyFrom(other.publicKey))).toEqual({ ok: false, reason: "invalid" });
    const [body, sig] = token.slice(4).split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), org: 8 })).toString("base64url");
    expect(verifyCloudToken(`ocr_${forged}.${sig}`, pub)).toEqual({ ok: false, reason: "invalid" });
    for (const junk of ["", "ocr_", "ocr_abc", "Bearer x", "ocr_a.b"]) expect(verifyCloudToken(junk, pub)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyCloudToken(token, pub, { revoked: new Set([claims.jti]) })).toEqual({ ok: false, reason: "revoked" });
  });
});
