// The one place environment variables are read and validated. Everything else imports `env` from here.
// `.env.example` documents each variable.
import path from "node:path";
import { z } from "zod";

const onOff = z
  .enum(["on", "off", "true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

const optionalText = z.string().optional().or(z.literal("").transform(() => undefined));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    // PostgreSQL connection string. Unset: the app starts an embedded PostgreSQL under OUTREACH_DATA_DIR.
    DATABASE_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
    OUTREACH_DATA_DIR: z.string().default(".data"),
    OUTREACH_EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
    // on: cookie sign-in and organizations; off (self-hosted default): one default organization, no login.
    OUTREACH_AUTH: onOff,
    // Signs the session cookie. Required when OUTREACH_AUTH=on.
    AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
    // Comma-separated "keyId:base64key" (32-byte keys). The first seals new credentials; all can open old ones.
    OUTREACH_CREDENTIALS_KEYS: z.string().optional(),
    // The two origins of the discussion platform allowed to call /api/extension/* (SPEC 5.4).
    OUTREACH_PLATFORM_ORIGINS: z.string().default("https://www.forum.example,https://old.forum.example"),
    // The address browsers use for the dashboard. An https one makes every cookie Secure (docs/tenancy.md).
    OUTREACH_PUBLIC_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
    // on: a proxy in front terminates TLS and sets X-Forwarded-Proto / X-Forwarded-For; believe them.
    OUTREACH_TRUST_PROXY: onOff,
    // off: this instance runs no background jobs (web-only replicas); another instance, or Trigger.dev, runs them.
    OUTREACH_JOBS: z.enum(["on", "off"]).default("on"),
    // off: `next start` serves GET /api/stream through Next's route like any other (docs/performance.md, "Live stream").
    OUTREACH_NATIVE_STREAM: z.enum(["on", "off"]).default("on"),
    // Set: the jobs run as Trigger.dev tasks (trigger/), and the embedded worker leaves them alone (docs/jobs.md).
    TRIGGER_SECRET_KEY: z.string().optional().or(z.literal("").transform(() => undefined)),
    // 1: webhooks may go to loopback and private addresses (a receiver on the LAN of a self-hosted install).
    OUTREACH_WEBHOOK_ALLOW_PRIVATE: onOff,
    // on: hosts a tenant names (a federated instance, a Git repository) may be loopback or private addresses
    // (lib/net; docs/security.md "Network"). The unspecified address (0.0.0.0, ::) is refused whatever this says.
    OUTREACH_ALLOW_PRIVATE_HOSTS: onOff,
    // Folders under which a project's source may be a folder on this server, separated like PATH (":"); none by
    // default. Absolute paths only (docs/security.md "Files").
    OUTREACH_SOURCE_ROOTS: z
      .string()
      .optional()
      .refine((v) => !v || v.split(path.delimiter).every((p) => p.trim() === "" || path.isAbsolute(p.trim())), {
        message: `OUTREACH_SOURCE_ROOTS must list absolute paths separated by "${path.delimiter}"`,
      }),
    // Limits of a source a tenant hands over (lib/sources/source-limits.ts has the reasons for the defaults).
    OUTREACH_SOURCE_MAX_UPLOAD_MB: z.coerce.number().positive().max(2000).default(50),
    OUTREACH_SOURCE_MAX_UNPACKED_MB: z.coerce.number().positive().max(2000).default(200),
    OUTREACH_SOURCE_MAX_FILE_MB: z.coerce.number().positive().max(2000).default(10),
    OUTREACH_SOURCE_MAX_FILES: z.coerce.number().int().positive().max(10_000_000).default(20_000),
    OUTREACH_SOURCE_CLONE_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(60),
    OUTREACH_SOURCE_UNPACK_TIMEOUT_S: z.coerce.number().min(0.01).max(3600).default(30),
    // What one organization may hold where no plan says (self-hosted, or the cloud edition with billing off):
    // every project's handed-over sources together, and projects (lib/sources/storage-allowance.ts).
    OUTREACH_SOURCE_QUOTA_MB: z.coerce.number().positive().max(10_000_000).default(10_240),
    OUTREACH_MAX_PROJECTS: z.coerce.number().int().positive().max(1_000_000).default(500),
    // The cloud runner (docs/cloud-runner.md): the relay's WebSocket URL and this installation's cloud runner token.
    OUTREACH_CLOUD_RELAY_URL: z.string().regex(/^wss?:\/\//, "OUTREACH_CLOUD_RELAY_URL must be a ws:// or wss:// URL").optional().or(z.literal("").transform(() => undefined)),
    OUTREACH_CLOUD_TOKEN: z.string().optional().or(z.literal("").transform(() => undefined)),
    // How long a run on the cloud runner tries to take its run back after the relay's socket dropped (the relay's
    // RELAY_RESUME_GRACE_MS should be the same).
    OUTREACH_CLOUD_RESUME_WINDOW_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    // cloud: the hosted edition (open sign-up, billing, cloud runner tokens; docs/cloud-edition.md).
    OUTREACH_EDITION: z.enum(["self-hosted", "cloud"]).default("self-hosted"),
    // Cloud edition: on lets tenants run the local agent CLIs installed on this host too (off: only the cloud runner;
    // docs/security.md, "Processes"). Ignored by self-hosted installs, which always offer their local runners.
    OUTREACH_CLOUD_LOCAL_RUNNERS: onOff,
    // What agents may do when they ask permission for a tool (docs/security.md, "Processes"): auto allows everything
    // (the self-hosted default), strict allows only the dashboard's own tools. The cloud edition is always strict.
    OUTREACH_AGENT_PERMISSIONS: z.enum(["auto", "strict"]).optional().or(z.literal("").transform(() => undefined)),
    // The HOME local agents get: a folder where their CLIs were signed in. Unset: the dashboard's own HOME with auto
    // permissions, an empty folder of the run's with strict ones.
    OUTREACH_AGENT_HOME: z.string().startsWith("/", "OUTREACH_AGENT_HOME must be an absolute path").optional().or(z.literal("").transform(() => undefined)),
    // Billing (cloud edition): off unless STRIPE_SECRET_KEY is set. STRIPE_API_BASE points the SDK elsewhere (tests).
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_PRO: optionalText,
    STRIPE_PRICE_PRO_USAGE: optionalText,
    STRIPE_METER_EVENT: z.string().min(1).max(100).default("cloud_run_seconds"),
    STRIPE_API_BASE: z.string().url().optional().or(z.literal("").transform(() => undefined)),
    // Cloud runner tokens (cloud edition): the Ed25519 private key that signs them, and the secret relays present
    // when they report the usage of a token (npm run relay:token -- keygen).
    OUTREACH_CLOUD_SIGNING_KEY: optionalText,
    OUTREACH_RELAY_REPORT_SECRET: z.string().min(16, "OUTREACH_RELAY_REPORT_SECRET must be at least 16 characters").optional().or(z.literal("").transform(() => undefined)),
    // A bootstrap for the people who run this service: email addresses (comma-separated) whose verified owner sees the
    // Operator area. Operators are otherwise granted from the command line (lib/operators/is-operator.ts).
    OUTREACH_OPERATORS: optionalText,
    // Cloud edition without Stripe: whom a customer asks about their plan, shown on Settings > Plan and usage (an
    // email address or a web address, e.g. support@example.com). Unset: "the team that runs this service".
    OUTREACH_SUPPORT_CONTACT: z.string().trim().max(200).optional().or(z.literal("").transform(() => undefined)),
    // Cloud edition: sign-ups an hour across all addresses (each makes an organization with the Free plan's minutes),
    // and the organizations one user may own.
    OUTREACH_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(200),
    OUTREACH_MAX_OWNED_ORGANIZATIONS: z.coerce.number().int().min(1).max(1000).default(3),
    // The shortest time between two runner re-detections on one instance (POST /api/runners; docs/runners.md).
    OUTREACH_REDETECT_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    // Requests a minute each API key may make (a token bucket of that size; docs/public-api.md).
    OUTREACH_API_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    // Outgoing mail (docs/cloud-edition.md, "Accounts and mail"): an smtp:// or smtps:// URL with its credentials, and
    // the sender's address. Unset: nothing is mailed, and the features that need mail say so.
    OUTREACH_SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/i, "OUTREACH_SMTP_URL must be an smtp:// or smtps:// URL").optional().or(z.literal("").transform(() => undefined)),
    OUTREACH_MAIL_FROM: z.string().regex(/^[^\r\n]*@[^\r\n]*$/, "OUTREACH_MAIL_FROM must be an address, e.g. Outreach <no-reply@example.com>").optional().or(z.literal("").transform(() => undefined)),
    // How long a stopping instance (SIGTERM) keeps serving with its readiness route at 503 before it stops taking
    // connections, so a load balancer's health checks take it out first (docs/deploying.md, "Health and readiness").
    // Longer than the balancer's check interval times the failures it needs (HAProxy's default 2 s x 3).
    OUTREACH_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(7_000),
    // Metrics in the Prometheus format (docs/deploying.md, "Metrics"): a port of their own, on OUTREACH_METRICS_HOST
    // (loopback unless told), and/or GET /api/metrics with `Authorization: Bearer <OUTREACH_METRICS_TOKEN>`. Unset:
    // neither is served.
    OUTREACH_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional().or(z.literal("").transform(() => undefined)),
    OUTREACH_METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    OUTREACH_METRICS_TOKEN: z.string().min(16, "OUTREACH_METRICS_TOKEN must be at least 16 characters").optional().or(z.literal("").transform(() => undefined)),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  })
  .superRefine((v, ctx) => {
    if (v.OUTREACH_AUTH && !v.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "AUTH_SECRET is required when OUTREACH_AUTH=on" });
    }
    if (v.OUTREACH_EDITION === "cloud" && !v.OUTREACH_AUTH) {
      ctx.addIssue({ code: "custom", path: ["OUTREACH_AUTH"], message: "OUTREACH_EDITION=cloud needs OUTREACH_AUTH=on" });
    }
    if (v.OUTREACH_EDITION === "cloud" && v.OUTREACH_AGENT_PERMISSIONS === "auto") {
      ctx.addIssue({ code: "custom", path: ["OUTREACH_AGENT_PERMISSIONS"], message: "The cloud edition runs agents with strict permissions: OUTREACH_AGENT_PERMISSIONS=auto cannot be used with OUTREACH_EDITION=cloud" });
    }
    if (v.OUTREACH_SMTP_URL && !v.OUTREACH_MAIL_FROM) {
      ctx.addIssue({ code: "custom", path: ["OUTREACH_MAIL_FROM"], message: "OUTREACH_SMTP_URL needs OUTREACH_MAIL_FROM, the address mail is sent from" });
    }
    if (v.OUTREACH_SMTP_URL && !v.OUTREACH_PUBLIC_URL) {
      // Links in mail are built from the configured address, never from a request's Host header, which anyone can
      // write: a reset requested with a forged Host would otherwise mail the victim a link to the forger's site.
      ctx.addIssue({ code: "custom", path: ["OUTREACH_PUBLIC_URL"], message: "OUTREACH_SMTP_URL needs OUTREACH_PUBLIC_URL: links in mail point at the dashboard's configured address" });
    }
    if (v.STRIPE_SECRET_KEY && (!v.STRIPE_WEBHOOK_SECRET || !v.STRIPE_PRICE_PRO)) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_SECRET_KEY"], message: "Billing needs STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_PRO with STRIPE_SECRET_KEY" });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

export const env: Env = parseEnv(process.env);

/** Re-reads the environment; tests use it after changing process.env. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return parseEnv(source);
}

/**
 * The database URL in force. When no DATABASE_URL is configured, boot starts the embedded server and publishes
 * its URL through process.env (so child processes such as agent runners inherit it too).
 */
export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set and the embedded database has not been started");
  return url;
}

export function platformOrigins(): string[] {
  return env.OUTREACH_PLATFORM_ORIGINS.split(",").map((s) => s.trim()).filter(Boolean);
}
