// Types of build-fingerprint.mjs (plain JavaScript: scripts/start.mjs imports it before anything is compiled).
export interface BuildFingerprint {
  commit: string | null;
  packages: string;
  sources: string;
}
export const BUILD_RECORD: string;
export function buildFingerprint(root: string): BuildFingerprint;
export function readBuildRecord(root: string): (BuildFingerprint & { builtAt?: string }) | null;
export function writeBuildRecord(root: string, fingerprint: BuildFingerprint): void;
export function staleBuildReason(recorded: BuildFingerprint | null, current: BuildFingerprint): string | null;
