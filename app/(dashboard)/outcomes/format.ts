// How the Outcomes figures read (docs/outcomes.md).
import { formatUsd } from "@/app/_components/run-badges";

export const pct = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 100)}%`);
export const chars = (n: number | null) => (n === null ? "—" : `${Math.round(n)} ${Math.round(n) === 1 ? "character" : "characters"}`);
export const usd = (n: number | null) => (n === null ? "—" : formatUsd(n));
export const count = (n: number) => n.toLocaleString("en-US");

/** A 95% interval as "8–15%", for the small print under a rate. */
export const range = (i: { low: number; high: number } | null) => (i === null ? "" : `${Math.round(i.low * 100)}–${Math.round(i.high * 100)}%`);
