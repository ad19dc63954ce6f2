// The one thing kept about an erased person (docs/privacy.md "What stays"): an HMAC-SHA-256 of platform and canonical
// handle under a key only the server knows. Anyone reading the database (a backup, a support query) cannot tell who
// it is, and cannot test a guessed handle without the key; the server can, to refuse drafts to the person.
//
// The key is derived from AUTH_SECRET, which every instance of a signed-in deployment shares, so all instances compute
// the same hash. A single-tenant install without AUTH_SECRET gets a key generated once into its data folder, like the
// credentials key.
import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";

let cachedKey: Buffer | undefined;

function suppressionKey(): Buffer {
  if (cachedKey) return cachedKey;
  let secret: string;
  if (env.AUTH_SECRET) {
    secret = env.AUTH_SECRET;
  } else {
    const file = path.resolve(env.OUTREACH_DATA_DIR, "suppression-key");
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      try {
        fs.writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
      } catch (err) {
        // Another process wrote it first: read theirs.
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
    }
    secret = fs.readFileSync(file, "utf8").trim();
  }
  // A key of its own (HKDF with a purpose label), so the hash never doubles as anything signed with AUTH_SECRET.
  cachedKey = Buffer.from(hkdfSync("sha256", secret, "outreach", "person-suppression-v1", 32));
  return cachedKey;
}

/** The suppression key of one person: the same for every spelling of the handle ("u/Alice", "@alice", "alice"). */
export function subjectHash(platform: string, handle: string): string {
  return createHmac("sha256", suppressionKey()).update(`${platform}\u0000${canonicalHandle(handle)}`).digest("hex");
}
