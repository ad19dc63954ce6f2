// What `npm run cloud` reads from its environment (and .env), and the environments it gives the dashboard and the
// relay: the dashboard in the cloud edition with sign-in on, told where its relay is and holding its own token; the
// relay on loopback, verifying tokens with the public half of the dashboard's signing key, reading the revocation list
// from the dashboard and reporting usage to it. Pure functions: scripts/cloud-stack/supervise.ts starts the processes.
import { z } from "zod";
import type { StackSecrets } from "./stack-secrets";

/** An environment to read: process.env, or one a test writes. */
export type EnvSource = Readonly<Record<string, string | undefined>>;

const optionalText = z.string().optional().or(z.literal("").transform(() => undefined));

const ZStackSettings = z.object({
  // The dashboard's port, as for `npm start`.
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  OUTREACH_DATA_DIR: z.string().min(1).default(".data"),
  // The relay's port (0: any free one, kept across its restarts) and address. Loopback unless the operator opens it
  // to installs elsewhere (RELAY_HOST=0.0.0.0, with TLS in front).
  OUTREACH_RELAY_PORT: z.coerce.number().int().min(0).max(65535).default(8790),
  RELAY_HOST: z.string().min(1).default("127.0.0.1"),
  // The agent the relay runs; unset, the cloud runner is off (the relay is not started).
  RELAY_BACKEND: optionalText,
  RELAY_MODEL: optionalText,
  OUTREACH_PUBLIC_URL: z.url().optional().or(z.literal("").transform(() => undefined)),
  // Where this machine reaches the dashboard's tool server (lib/runners/tool-server-url.ts); its origin is where the
  // relay reaches the dashboard too.
  OUTREACH_TOOL_SERVER_URL: z.url().optional().or(z.literal("").transform(() => undefined)),
  // The address `npm start` listens on (default every interface). Container runtimes set it to the container's name,
  // on which loopback does not answer.
  HOSTNAME: optionalText,
});
export type StackSettings = z.infer<typeof ZStackSettings>;

export function stackSettings(env: EnvSource): StackSettings {
  const parsed = ZStackSettings.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  return parsed.data;
}

/** The variables the stack sets itself: a value in the environment is not used (a warning says so). */
const WIRED = [
  "OUTREACH_CLOUD_RELAY_URL",
  "OUTREACH_CLOUD_TOKEN",
  "RELAY_TOKEN_PUBLIC_KEY",
  "RELAY_REVOKED_URL",
  "RELAY_USAGE_URL",
  "RELAY_REPORT_SECRET",
] as const;

/** What the environment sets that the stack replaces: the wiring between its two processes, and the edition. */
export function replacedVariables(env: EnvSource): string[] {
  const replaced: string[] = WIRED.filter((name) => env[name]);
  if (env.OUTREACH_EDITION && env.OUTREACH_EDITION !== "cloud") replaced.push("OUTREACH_EDITION");
  if (env.OUTREACH_AUTH && env.OUTREACH_AUTH !== "on") replaced.push("OUTREACH_AUTH");
  return replaced;
}

const EVERY_INTERFACE = ["0.0.0.0", "::", "[::]"];

/** Where processes on this machine reach the dashboard: loopback, unless it listens on one address only. */
export function dashboardOrigin(settings: StackSettings): string {
  if (settings.OUTREACH_TOOL_SERVER_URL) return new URL(settings.OUTREACH_TOOL_SERVER_URL).origin;
  const host = settings.HOSTNAME && !EVERY_INTERFACE.includes(settings.HOSTNAME) ? settings.HOSTNAME : "127.0.0.1";
  return `http://${bracketed(host)}:${settings.PORT}`;
}

/** The address people open. */
export function publicDashboardUrl(settings: StackSettings): string {
  return settings.OUTREACH_PUBLIC_URL ?? `http://localhost:${settings.PORT}`;
}

/** Where the dashboard reaches the relay: its address, or loopback when it listens on every interface. */
export function relayUrl(settings: StackSettings, port: number): string {
  const host = EVERY_INTERFACE.includes(settings.RELAY_HOST) ? "127.0.0.1" : settings.RELAY_HOST;
  return `ws://${bracketed(host)}:${port}`;
}

/** An IPv6 address as a URL's host. */
function bracketed(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

/**
 * The dashboard's environment: the operator's, in the cloud edition with sign-in, the stack's secrets, and the relay
 * when there is one (`relayPort` null: the cloud runner is off, and detection says it is not set up). The relay's own
 * settings (RELAY_*) stay out of it.
 */
export function dashboardEnv({ base, settings, secrets, relayPort }: { base: EnvSource; settings: StackSettings; secrets: StackSecrets; relayPort: number | null }): Record<string, string> {
  const env = withoutNames(base, (name) => name.startsWith("RELAY_") || name === "OUTREACH_RELAY_PORT" || (WIRED as readonly string[]).includes(name));
  Object.assign(env, {
    OUTREACH_EDITION: "cloud",
    OUTREACH_AUTH: "on",
    AUTH_SECRET: secrets.authSecret,
    OUTREACH_CLOUD_SIGNING_KEY: secrets.signingKey,
    OUTREACH_RELAY_REPORT_SECRET: secrets.reportSecret,
    PORT: String(settings.PORT),
    // Cloud runs send each tool call of the agent here; the same address the relay is given.
    OUTREACH_TOOL_SERVER_URL: settings.OUTREACH_TOOL_SERVER_URL ?? `${dashboardOrigin(settings)}/api/mcp`,
    // glibc gives each thread that allocates its own arena and keeps what was freed in it: two arenas hold the
    // server's memory 25-35 MB lower, idle and loaded, at no cost measured (docs/performance.md, "Memory").
    MALLOC_ARENA_MAX: base.MALLOC_ARENA_MAX ?? "2",
  });
  if (relayPort !== null) {
    env.OUTREACH_CLOUD_RELAY_URL = relayUrl(settings, relayPort);
    env.OUTREACH_CLOUD_TOKEN = secrets.serviceToken;
  }
  return env;
}

/**
 * The relay's environment: the operator's agent settings (RELAY_*, the backend's keys, PATH, HOME, ...), the public
 * key and the dashboard's two URLs, and none of the dashboard's secrets or database: the relay never needs them, and
 * what is not in its environment cannot leak to an agent.
 */
export function relayEnv({ base, settings, secrets, port }: { base: EnvSource; settings: StackSettings; secrets: StackSecrets; port: number }): Record<string, string> {
  const env = withoutNames(
    base,
    (name) => name === "DATABASE_URL" || name === "AUTH_SECRET" || name.startsWith("STRIPE_") || (name.startsWith("OUTREACH_") && name !== "OUTREACH_EXTRA_BACKENDS"),
  );
  const origin = dashboardOrigin(settings);
  Object.assign(env, {
    OUTREACH_RELAY_PORT: String(port),
    RELAY_HOST: settings.RELAY_HOST,
    RELAY_TOKEN_PUBLIC_KEY: secrets.publicKey,
    RELAY_REVOKED_URL: `${origin}/api/cloud-runner/revocations`,
    RELAY_USAGE_URL: `${origin}/api/cloud-runner/usage`,
    RELAY_REPORT_SECRET: secrets.reportSecret,
  });
  return env;
}

function withoutNames(base: EnvSource, drop: (name: string) => boolean): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) if (value !== undefined && !drop(name)) env[name] = value;
  return env;
}
