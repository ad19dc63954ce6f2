// Types of build.mjs (plain JavaScript: scripts/start.mjs imports it before anything is compiled).
export function extensionBuildEnv(env?: Record<string, string | undefined>): Record<string, string>;
export function nextTelemetryEnv(env?: Record<string, string | undefined>): Record<string, string>;
export function buildAll(options?: { env?: Record<string, string | undefined>; stdio?: "inherit" | "ignore" | "pipe" }): number;
