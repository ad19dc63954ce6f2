// The Operator area's service status: one check per moving part of the hosted stack, each with its state, a sentence,
// its details and, when something is not set up or not working, what the operator should set. This is the one place
// environment variables are named to a person in the cloud edition; customers read plain sentences instead.
import { readEnv } from "@/lib/env";
import { cloudSettings } from "@/lib/runners/cloud/cloud-settings";
import { probeCloudRunner } from "@/lib/runners/cloud/probe-cloud-runner";
import { billingSettings } from "@/lib/billing/billing-settings";
import { getJobsOverview, type JobsOverview } from "@/lib/jobs/get-jobs-overview";
import { isCloudEdition } from "@/lib/edition/edition";
import { PLANS } from "@/lib/billing/plans";
import { SIGN_UPS_PER_ADDRESS } from "@/lib/users/sign-up-throttle";
import { mailSettings } from "@/lib/mail/mail-settings";

export type CheckState = "ok" | "attention" | "off";

export interface ServiceCheck {
  id: string;
  title: string;
  state: CheckState;
  summary: string;
  details: Array<{ label: string; value: string }>;
  /** What to set or do, for the operator; null when nothing is needed. */
  fix: string | null;
}

export interface ServiceStatus {
  edition: "cloud" | "self-hosted";
  checks: ServiceCheck[];
  jobs: JobsOverview;
}

export async function getServiceStatus(): Promise<ServiceStatus> {
  const [relay, jobs] = await Promise.all([relayCheck(), getJobsOverview()]);
  return {
    edition: isCloudEdition() ? "cloud" : "self-hosted",
    checks: [relay, jobsCheck(jobs), billingCheck(), mailCheck(), tokensCheck(), signUpCheck()],
    jobs,
  };
}

async function relayCheck(): Promise<ServiceCheck> {
  const settings = cloudSettings();
  const title = "Cloud runner relay";
  if (!settings) {
    return {
      id: "relay",
      title,
      // In the cloud edition the relay is how customers run anything at all; a self-hosted install may not need it.
      state: isCloudEdition() ? "attention" : "off",
      summary: "No relay is configured, so cloud runs cannot start. Customers read that cloud runs are not available right now.",
      details: [],
      fix: "Set OUTREACH_CLOUD_RELAY_URL and OUTREACH_CLOUD_TOKEN (npm run cloud starts a relay beside the dashboard and sets both), and give the relay an agent with RELAY_BACKEND.",
    };
  }
  const probe = await probeCloudRunner(settings);
  const details = [{ label: "Address", value: safeHost(settings.relayUrl) }];
  if (probe.available) {
    return { id: "relay", title, state: "ok", summary: `Connected: ${probe.version}.`, details, fix: null };
  }
  return {
    id: "relay",
    title,
    state: "attention",
    summary: probe.reason ?? "The relay does not answer.",
    details,
    fix: "Start the relay (npm run relay, or npm run cloud for the whole stack), check that its RELAY_TOKEN_PUBLIC_KEY is the public half of OUTREACH_CLOUD_SIGNING_KEY, and that OUTREACH_CLOUD_TOKEN has not expired or been revoked.",
  };
}

function jobsCheck(jobs: JobsOverview): ServiceCheck {
  const engine = jobs.engine === "embedded" ? "graphile-worker, inside this dashboard process" : jobs.engine === "trigger" ? "Trigger.dev" : "none on this instance (OUTREACH_JOBS=off)";
  const failing = jobs.jobs.filter((j) => j.lastOutcome === "failed");
  const deadQueued = jobs.queue?.failed ?? 0;
  const state: CheckState = jobs.engine === "off" ? "off" : failing.length > 0 || deadQueued > 0 ? "attention" : "ok";
  const summary =
    jobs.engine === "off"
      ? "This instance runs no background jobs; another instance or Trigger.dev must."
      : failing.length > 0
        ? `${failing.length} job${failing.length > 1 ? "s" : ""} failed on the last run: ${failing.map((j) => j.id).join(", ")}.`
        : deadQueued > 0
          ? `${deadQueued} queued job${deadQueued > 1 ? "s" : ""} used up their retries.`
          : "Every job ran as it should on its last run.";
  return {
    id: "jobs",
    title: "Background jobs",
    state,
    summary,
    details: [
      { label: "Engine", value: engine },
      ...(jobs.queue ? [{ label: "Queue", value: `${jobs.queue.queued} waiting, ${jobs.queue.failed} out of retries` }] : []),
    ],
    fix: state === "ok" ? null : jobs.engine === "off" ? "Run one instance with OUTREACH_JOBS=on, or set TRIGGER_SECRET_KEY to move the jobs to Trigger.dev." : "Read the failing job's error below and the server log.",
  };
}

function billingCheck(): ServiceCheck {
  const env = readEnv();
  const settings = billingSettings();
  const title = "Billing (Stripe)";
  if (!isCloudEdition()) {
    return { id: "billing", title, state: "off", summary: "Billing belongs to the cloud edition; this install is self-hosted.", details: [], fix: null };
  }
  if (!settings) {
    const missing = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_PRO"].filter((k) => !env[k as keyof typeof env]);
    return {
      id: "billing",
      title,
      state: "off",
      summary: "Billing is off: customers see no billing at all, and cloud runs are not limited by plan.",
      details: [],
      fix: `Set ${missing.join(", ")} (and STRIPE_PRICE_PRO_USAGE for metered overage), then point a Stripe webhook at /api/billing/webhook.`,
    };
  }
  return {
    id: "billing",
    title,
    state: "ok",
    summary: "Billing is on: customers can subscribe, manage their subscription and see invoices.",
    details: [
      { label: "Pro price", value: settings.priceProId },
      { label: "Overage price", value: settings.priceUsageId ?? "none (Pro has no metered overage)" },
      { label: "Meter event", value: settings.meterEventName },
      { label: "Plans", value: PLANS.map((p) => `${p.label}: ${p.includedMinutes} min, ${p.members} seats`).join("; ") },
      ...(settings.api ? [{ label: "Stripe API", value: `${settings.api.protocol}://${settings.api.host}:${settings.api.port}` }] : []),
    ],
    fix: null,
  };
}

function mailCheck(): ServiceCheck {
  const settings = mailSettings();
  const title = "Mail (SMTP)";
  if (!settings) {
    return {
      id: "mail",
      title,
      // Without mail, a hosted customer cannot reset a forgotten password or be invited by email.
      state: isCloudEdition() ? "attention" : "off",
      summary: "No mail is sent: password resets, address verification and invitations by email are unavailable (invitation links still work).",
      details: [],
      fix: "Set OUTREACH_SMTP_URL (smtp:// or smtps://, with its credentials), OUTREACH_MAIL_FROM and OUTREACH_PUBLIC_URL (the address links in mail point at).",
    };
  }
  let server = "an invalid URL";
  try {
    server = new URL(settings.smtpUrl).host;
  } catch {
    // shown as invalid
  }
  return {
    id: "mail",
    title,
    state: "ok",
    summary: "Mail is sent for password resets, address verification and invitations.",
    details: [
      { label: "Server", value: server },
      { label: "From", value: settings.from },
      { label: "Links point at", value: settings.publicOrigin },
    ],
    fix: null,
  };
}

function tokensCheck(): ServiceCheck {
  const env = readEnv();
  const signing = Boolean(env.OUTREACH_CLOUD_SIGNING_KEY);
  const reports = Boolean(env.OUTREACH_RELAY_REPORT_SECRET);
  const title = "Cloud runner tokens for other installs";
  if (!isCloudEdition()) return { id: "tokens", title, state: "off", summary: "Issued by the cloud edition only.", details: [], fix: null };
  const state: CheckState = signing && reports ? "ok" : signing ? "attention" : "off";
  return {
    id: "tokens",
    title,
    state,
    summary: !signing
      ? "Customers cannot issue tokens for their own installs (Settings > Cloud runner is hidden from them)."
      : reports
        ? "Customers can issue tokens; relays report their runs for metering."
        : "Customers can issue tokens, but relays cannot report their runs, so those minutes are not metered.",
    details: [
      { label: "Signing key", value: signing ? "set" : "not set" },
      { label: "Relay report secret", value: reports ? "set" : "not set" },
    ],
    fix: state === "ok" ? null : !signing ? "Set OUTREACH_CLOUD_SIGNING_KEY (npm run relay:token -- keygen) and give relays its public half." : "Set OUTREACH_RELAY_REPORT_SECRET here and RELAY_REPORT_SECRET with RELAY_USAGE_URL on the relays.",
  };
}

function signUpCheck(): ServiceCheck {
  const env = readEnv();
  return {
    id: "signups",
    title: "Sign-up limits",
    state: isCloudEdition() ? "ok" : "off",
    summary: isCloudEdition() ? "Sign-up is open to anyone, within these limits." : "Sign-up is open only for the first user and by invitation.",
    details: [
      { label: "Per address", value: `${SIGN_UPS_PER_ADDRESS} an hour` },
      { label: "All addresses", value: `${env.OUTREACH_SIGNUPS_PER_HOUR} an hour (OUTREACH_SIGNUPS_PER_HOUR)` },
      { label: "Organizations one person may own", value: `${env.OUTREACH_MAX_OWNED_ORGANIZATIONS} (OUTREACH_MAX_OWNED_ORGANIZATIONS)` },
    ],
    fix: null,
  };
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an invalid URL";
  }
}
