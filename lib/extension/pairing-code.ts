// Pairing codes: short, typed by hand into the extension, so an alphabet without look-alikes (no 0/O, 1/I/L).
import { createHash, randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const LENGTH = 8;

/** A new code, shown as two groups of four (`K7QM-4XPA`). */
export function newPairingCode(): string {
  let raw = "";
  for (let i = 0; i < LENGTH; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 4)}-${raw.slice(4)}`;
}

/** What the user typed, reduced to the code itself: case, spaces and dashes do not matter. */
export function normalizePairingCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, "");
}

export function hashPairingCode(input: string): string {
  return createHash("sha256").update(normalizePairingCode(input)).digest("hex");
}
