// Pairing codes: typed by hand into the extension, so an alphabet without look-alikes (no 0/O, 1/I/L), and long
// enough that guessing is hopeless without any cap shared between callers: 31^12 (about 2^59) codes, each alive ten
// minutes, against ten wrong tries per address (or IPv6 /64) per window (pairing-throttle.ts).
import { createHash, randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const LENGTH = 12;

/** A new code, shown as three groups of four (`K7QM-4XPA-R2TZ`). */
export function newPairingCode(): string {
  let raw = "";
  for (let i = 0; i < LENGTH; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

/** What the user typed, reduced to the code itself: case, spaces and dashes do not matter. */
export function normalizePairingCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, "");
}

export function hashPairingCode(input: string): string {
  return createHash("sha256").update(normalizePairingCode(input)).digest("hex");
}
