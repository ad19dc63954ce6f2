// The secrets the hosted stack (`npm run cloud`) needs, generated on its first start into the data directory and
// read back on every later one, so a restart keeps people signed in and keeps every cloud runner token valid:
//   authSecret     signs the session cookie (AUTH_SECRET)
//   signingKey     the Ed25519 private key that signs cloud runner tokens (OUTREACH_CLOUD_SIGNING_KEY); its public
//                  half is what the relay verifies with (RELAY_TOKEN_PUBLIC_KEY), derived here rather than stored
//   reportSecret   what the relay presents when it reports usage (OUTREACH_RELAY_REPORT_SECRET / RELAY_REPORT_SECRET)
//   serviceToken   the dashboard's own cloud runner token, for its socket to the relay (OUTREACH_CLOUD_TOKEN)
// A value set in the environment wins over the file (the file keeps its own for when it is unset again). The file is
// one JSON object, mode 600. One that cannot be read stops the start: making new secrets silently would sign everyone
// out and end every token already issued, so that is left to the operator (delete the file).
import { createPublicKey, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { EnvSource } from "./stack-env";
import { generateCloudKeyPair, privateKeyFrom, publicKeyFrom, signCloudToken, verifyCloudToken } from "@/lib/relay-protocol/token";

export const STACK_SECRETS_FILE = "cloud-stack.json";

/**
 * The dashboard's own token lasts ten years and is renewed at a start when less than one is left: it only ever travels
 * on this machine, between two processes of the stack, and a new signing key replaces it at the next start.
 */
const SERVICE_TOKEN_TTL_SECONDS = 10 * 365 * 86_400;
const RENEW_BELOW_SECONDS = 365 * 86_400;
/**
 * The organization the dashboard's own token names. Nothing is metered by it: the cloud edition meters each of its
 * runs to the run's organization when the run ends, and ignores relay reports for a token it did not issue
 * (lib/cloud-runner-tokens/record-relay-usage.ts), which this one is not (it has no row).
 */
const SERVICE_TOKEN_ORG = 1;

const ZSaved = z
  .object({
    v: z.literal(1),
    authSecret: z.string().min(32),
    signingKey: z.string().min(1),
    reportSecret: z.string().min(16),
    serviceToken: z.string().startsWith("ocr_"),
  })
  .strict();
type Saved = z.infer<typeof ZSaved>;

export interface StackSecrets {
  authSecret: string;
  signingKey: string;
  publicKey: string;
  reportSecret: string;
  serviceToken: string;
  /** Where they are kept. */
  file: string;
  /** What this start did to the file: "created", "renewed the dashboard's cloud runner token", or nothing. */
  changes: string[];
  /** The variables whose value came from the environment instead of the file. */
  fromEnvironment: string[];
}

/** Reads the stack's secrets from `dataDir`, making the file (or the parts that need renewing) when needed. */
export function loadStackSecrets({ dataDir, env, now = new Date() }: { dataDir: string; env: EnvSource; now?: Date }): StackSecrets {
  const file = path.join(path.resolve(dataDir), STACK_SECRETS_FILE);
  const changes: string[] = [];
  let saved = readSaved(file);
  if (!saved) {
    const signingKey = generateCloudKeyPair().privateKey;
    saved = { v: 1, authSecret: randomSecret(48), signingKey, reportSecret: randomSecret(32), serviceToken: issueServiceToken(signingKey, now) };
    changes.push("created");
  }

  const fromEnvironment: string[] = [];
  const pick = (name: string, own: string) => {
    const value = env[name];
    if (!value) return own;
    fromEnvironment.push(name);
    return value;
  };
  const authSecret = pick("AUTH_SECRET", saved.authSecret);
  const signingKey = pick("OUTREACH_CLOUD_SIGNING_KEY", saved.signingKey);
  const reportSecret = pick("OUTREACH_RELAY_REPORT_SECRET", saved.reportSecret);
  const publicKey = publicHalf(signingKey);

  // The token must verify with the key in force (an OUTREACH_CLOUD_SIGNING_KEY set since, or another key) and have
  // a year left; otherwise this start issues a new one.
  const verdict = verifyCloudToken(saved.serviceToken, publicKeyFrom(publicKey), { now });
  const remaining = verdict.ok ? verdict.claims.exp - now.getTime() / 1000 : 0;
  if (remaining < RENEW_BELOW_SECONDS) {
    saved = { ...saved, serviceToken: issueServiceToken(signingKey, now) };
    if (!changes.includes("created")) changes.push("renewed the dashboard's cloud runner token");
  }
  if (changes.length) writeSaved(file, saved);
  else fs.chmodSync(file, 0o600);

  return { authSecret, signingKey, publicKey, reportSecret, serviceToken: saved.serviceToken, file, changes, fromEnvironment };
}

function readSaved(file: string): Saved | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  let parsed: Saved;
  try {
    parsed = ZSaved.parse(JSON.parse(text));
    privateKeyFrom(parsed.signingKey);
  } catch (err) {
    throw new Error(
      `${file} cannot be read (${err instanceof z.ZodError ? err.issues.map((i) => `${i.path.join(".") || "file"}: ${i.message}`).join("; ") : (err as Error).message}). ` +
        "Restore it from a backup. Deleting it makes new secrets on the next start, which signs everyone out and ends every cloud runner token issued so far.",
    );
  }
  return parsed;
}

/** Written whole to a temporary file and renamed over the old one, so a crash never leaves half a file. */
function writeSaved(file: string, saved: Saved): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

function publicHalf(signingKey: string): string {
  try {
    return createPublicKey(privateKeyFrom(signingKey)).export({ format: "der", type: "spki" }).toString("base64");
  } catch {
    throw new Error("OUTREACH_CLOUD_SIGNING_KEY is not an Ed25519 private key in base64 DER (`npm run relay:token -- keygen` makes one)");
  }
}

function issueServiceToken(signingKey: string, now: Date): string {
  return signCloudToken({ org: SERVICE_TOKEN_ORG, ttlSeconds: SERVICE_TOKEN_TTL_SECONDS, now }, privateKeyFrom(signingKey)).token;
}

function randomSecret(bytes: number): string {
  return randomBytes(bytes).toString("base64url");
}
