// Account credentials are sealed with AES-256-GCM. The key id is stored beside each ciphertext so keys can be
// rotated: the first configured key seals, every configured key can open. Without OUTREACH_CREDENTIALS_KEYS a
// key is generated once into the data folder (fine for a single self-hosted machine; set the variable elsewhere).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

interface Keyring {
  active: string;
  keys: Map<string, Buffer>;
}

let keyring: Keyring | undefined;

export function parseKeyring(spec: string): Keyring {
  const keys = new Map<string, Buffer>();
  for (const entry of spec.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [id, b64] = entry.split(":");
    const key = Buffer.from(b64 ?? "", "base64");
    if (!id || key.length !== 32) throw new Error(`OUTREACH_CREDENTIALS_KEYS entry "${id}" must be keyId:<32-byte base64 key>`);
    keys.set(id, key);
  }
  const active = keys.keys().next().value;
  if (!active) throw new Error("OUTREACH_CREDENTIALS_KEYS is empty");
  return { active, keys };
}

function loadKeyring(): Keyring {
  if (keyring) return keyring;
  if (env.OUTREACH_CREDENTIALS_KEYS) {
    keyring = parseKeyring(env.OUTREACH_CREDENTIALS_KEYS);
    return keyring;
  }
  const file = path.resolve(env.OUTREACH_DATA_DIR, "credentials-key");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `local:${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  }
  keyring = parseKeyring(fs.readFileSync(file, "utf8"));
  return keyring;
}

export function sealCredentials(value: unknown, ring: Keyring = loadKeyring()): { ciphertext: Uint8Array<ArrayBuffer>; keyId: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", ring.keys.get(ring.active)!, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  const out = Buffer.concat([iv, cipher.getAuthTag(), data]);
  return { ciphertext: new Uint8Array(out), keyId: ring.active };
}

export function openCredentials(ciphertext: Uint8Array, keyId: string, ring: Keyring = loadKeyring()): unknown {
  const key = ring.keys.get(keyId);
  if (!key) throw new Error(`No credentials key with id "${keyId}" is configured`);
  const buf = Buffer.from(ciphertext);
  const decipher = createDecipheriv("aes-256-gcm", key, buf.subarray(0, 12));
  decipher.setAuthTag(buf.subarray(12, 28));
  const plain = Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]);
  return JSON.parse(plain.toString("utf8"));
}
