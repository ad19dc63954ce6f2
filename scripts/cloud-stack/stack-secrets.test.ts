import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generateCloudKeyPair, privateKeyFrom, publicKeyFrom, signCloudToken, verifyCloudToken } from "@/lib/relay-protocol/token";
import { loadStackSecrets, STACK_SECRETS_FILE } from "./stack-secrets";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cloud-stack-secrets-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("the hosted stack's secrets", () => {
  it("are generated on the first start into the data directory, readable by the owner only", () => {
    const dataDir = path.join(tempDir(), "data");
    const s = loadStackSecrets({ dataDir, env: {} });
    expect(s.changes).toEqual(["created"]);
    expect(s.file).toBe(path.join(dataDir, STACK_SECRETS_FILE));
    expect(fs.statSync(s.file).mode & 0o777).toBe(0o600);
    expect(s.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(s.reportSecret.length).toBeGreaterThanOrEqual(16);
    // The relay verifies the dashboard's own token with the public half of the signing key.
    const verdict = verifyCloudToken(s.serviceToken, publicKeyFrom(s.publicKey));
    expect(verdict.ok).toBe(true);
  });

  it("are the same on the next start, so a token issued before still verifies", () => {
    const dataDir = tempDir();
    const first = loadStackSecrets({ dataDir, env: {} });
    const issued = signCloudToken({ org: 7, ttlSeconds: 3600 }, privateKeyFrom(first.signingKey)).token;
    const second = loadStackSecrets({ dataDir, env: {} });
    expect(second.changes).toEqual([]);
    expect(second).toMatchObject({ authSecret: first.authSecret, signingKey: first.signingKey, publicKey: first.publicKey, reportSecret: first.reportSecret, serviceToken: first.serviceToken });
    expect(verifyCloudToken(issued, publicKeyFrom(second.publicKey)).ok).toBe(true);
  });

  it("take what the environment sets over the file, and issue the dashboard's token with that signing key", () => {
    const dataDir = tempDir();
    const saved = loadStackSecrets({ dataDir, env: {} });
    const operatorKey = generateCloudKeyPair();
    const s = loadStackSecrets({
      dataDir,
      env: { AUTH_SECRET: "a".repeat(40), OUTREACH_CLOUD_SIGNING_KEY: operatorKey.privateKey, OUTREACH_RELAY_REPORT_SECRET: "r".repeat(20) },
    });
    expect(s).toMatchObject({ authSecret: "a".repeat(40), signingKey: operatorKey.privateKey, publicKey: operatorKey.publicKey, reportSecret: "r".repeat(20) });
    expect(s.fromEnvironment).toEqual(["AUTH_SECRET", "OUTREACH_CLOUD_SIGNING_KEY", "OUTREACH_RELAY_REPORT_SECRET"]);
    expect(s.changes).toEqual(["renewed the dashboard's cloud runner token"]);
    expect(verifyCloudToken(s.serviceToken, publicKeyFrom(operatorKey.publicKey)).ok).toBe(true);
    expect(verifyCloudToken(saved.serviceToken, publicKeyFrom(operatorKey.publicKey)).ok).toBe(false);
  });

  it("renew the dashboard's token when less than a year of it is left", () => {
    const dataDir = tempDir();
    const start = new Date("2026-01-01T00:00:00Z");
    const first = loadStackSecrets({ dataDir, env: {}, now: start });
    const nineYearsOn = new Date(start.getTime() + 9.5 * 365 * 86_400_000);
    const later = loadStackSecrets({ dataDir, env: {}, now: nineYearsOn });
    expect(later.changes).toEqual(["renewed the dashboard's cloud runner token"]);
    expect(later.serviceToken).not.toBe(first.serviceToken);
    expect(later.signingKey).toBe(first.signingKey);
    const verdict = verifyCloudToken(later.serviceToken, publicKeyFrom(later.publicKey), { now: nineYearsOn });
    expect(verdict.ok && verdict.claims.exp * 1000 - nineYearsOn.getTime()).toBeGreaterThan(9 * 365 * 86_400_000);
  });

  it("refuse to start over a file they cannot read, rather than make new ones that would sign everyone out", () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, STACK_SECRETS_FILE);
    fs.writeFileSync(file, JSON.stringify({ v: 1, authSecret: "short" }), { mode: 0o600 });
    expect(() => loadStackSecrets({ dataDir, env: {} })).toThrow(/cloud-stack\.json cannot be read \(authSecret: .*\)\. Restore it from a backup/);
    expect(fs.readFileSync(file, "utf8")).toBe(JSON.stringify({ v: 1, authSecret: "short" }));
  });

  it("refuse a signing key in the environment that is not one", () => {
    expect(() => loadStackSecrets({ dataDir: tempDir(), env: { OUTREACH_CLOUD_SIGNING_KEY: "not-a-key" } })).toThrow(
      "OUTREACH_CLOUD_SIGNING_KEY is not an Ed25519 private key in base64 DER",
    );
  });

  it("put the file back to owner-only when it was opened up", () => {
    const dataDir = tempDir();
    const { file } = loadStackSecrets({ dataDir, env: {} });
    fs.chmodSync(file, 0o644);
    loadStackSecrets({ dataDir, env: {} });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});
