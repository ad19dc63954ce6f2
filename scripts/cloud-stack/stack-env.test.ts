import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateCloudKeyPair, publicKeyFrom, verifyCloudToken } from "@/lib/relay-protocol/token";
import { readEnv } from "@/lib/env";
import { dashboardEnv, relayEnv, relayUrl, replacedVariables, stackSettings, type EnvSource } from "./stack-env";
import { loadStackSecrets, type StackSecrets } from "./stack-secrets";

const keys = generateCloudKeyPair();
const secrets: StackSecrets = {
  authSecret: "s".repeat(48),
  signingKey: keys.privateKey,
  publicKey: keys.publicKey,
  reportSecret: "report-secret-0123456789",
  serviceToken: "ocr_service.token",
  file: "/srv/outreach/.data/cloud-stack.json",
  changes: [],
  fromEnvironment: [],
};

/** What an operator's shell and .env might hold. */
const base: EnvSource = {
  PATH: "/usr/bin",
  HOME: "/home/op",
  PORT: "3100",
  DATABASE_URL: "postgresql://app:pw@db:5432/outreach",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_PRICE_PRO: "price_x",
  OUTREACH_CREDENTIALS_KEYS: "k1:" + Buffer.alloc(32, 1).toString("base64"),
  OUTREACH_EXTRA_BACKENDS: "/etc/outreach/backends.json",
  RELAY_BACKEND: "claude-code",
  RELAY_MODEL: "claude-sonnet-4-5",
  RELAY_AGENT_ENV: "HTTPS_PROXY",
  ANTHROPIC_API_KEY: "sk-ant-x",
};

describe("the hosted stack's environments", () => {
  const settings = stackSettings(base);

  it("run the dashboard in the cloud edition with sign-in, its secrets, and its relay with the dashboard's own token", () => {
    const env = dashboardEnv({ base, settings, secrets, relayPort: 8790 });
    expect(env).toMatchObject({
      OUTREACH_EDITION: "cloud",
      OUTREACH_AUTH: "on",
      AUTH_SECRET: secrets.authSecret,
      OUTREACH_CLOUD_SIGNING_KEY: secrets.signingKey,
      OUTREACH_RELAY_REPORT_SECRET: secrets.reportSecret,
      OUTREACH_CLOUD_RELAY_URL: "ws://127.0.0.1:8790",
      OUTREACH_CLOUD_TOKEN: secrets.serviceToken,
      PORT: "3100",
      OUTREACH_TOOL_SERVER_URL: "http://127.0.0.1:3100/api/mcp",
      // The operator's database and billing are the dashboard's.
      DATABASE_URL: base.DATABASE_URL,
      STRIPE_SECRET_KEY: "sk_live_x",
      MALLOC_ARENA_MAX: "2",
    });
    // An operator's own allocator setting is kept.
    expect(dashboardEnv({ base: { ...base, MALLOC_ARENA_MAX: "4" }, settings, secrets, relayPort: 8790 }).MALLOC_ARENA_MAX).toBe("4");
    // The relay's settings are not the dashboard's business.
    expect(Object.keys(env).filter((k) => k.startsWith("RELAY_"))).toEqual([]);
    // The dashboard accepts it (lib/env.ts is what it validates its environment with).
    expect(readEnv(env as unknown as NodeJS.ProcessEnv)).toMatchObject({ OUTREACH_EDITION: "cloud", OUTREACH_AUTH: true });
  });

  it("leave the cloud runner unset on the dashboard when there is no relay", () => {
    const env = dashboardEnv({ base, settings, secrets, relayPort: null });
    expect(env.OUTREACH_CLOUD_RELAY_URL).toBeUndefined();
    expect(env.OUTREACH_CLOUD_TOKEN).toBeUndefined();
    expect(env.OUTREACH_EDITION).toBe("cloud");
  });

  it("give the relay the public key, the dashboard's loopback URLs and the report secret, on loopback", () => {
    const env = relayEnv({ base, settings, secrets, port: 0 });
    expect(env).toMatchObject({
      OUTREACH_RELAY_PORT: "0",
      RELAY_HOST: "127.0.0.1",
      RELAY_BACKEND: "claude-code",
      RELAY_MODEL: "claude-sonnet-4-5",
      RELAY_AGENT_ENV: "HTTPS_PROXY",
      RELAY_TOKEN_PUBLIC_KEY: secrets.publicKey,
      RELAY_REVOKED_URL: "http://127.0.0.1:3100/api/cloud-runner/revocations",
      RELAY_USAGE_URL: "http://127.0.0.1:3100/api/cloud-runner/usage",
      RELAY_REPORT_SECRET: secrets.reportSecret,
      ANTHROPIC_API_KEY: "sk-ant-x",
      OUTREACH_EXTRA_BACKENDS: "/etc/outreach/backends.json",
      PATH: "/usr/bin",
    });
  });

  it("keep the dashboard's secrets, database and billing out of the relay's environment", () => {
    const env = relayEnv({ base: { ...base, AUTH_SECRET: "x".repeat(40), OUTREACH_CLOUD_SIGNING_KEY: keys.privateKey }, settings, secrets, port: 8790 });
    const values = Object.values(env);
    for (const secret of [secrets.authSecret, secrets.signingKey, "x".repeat(40), base.DATABASE_URL!, "sk_live_x", base.OUTREACH_CREDENTIALS_KEYS!]) {
      expect(values).not.toContain(secret);
    }
    expect(Object.keys(env).filter((k) => k.startsWith("OUTREACH_")).sort()).toEqual(["OUTREACH_EXTRA_BACKENDS", "OUTREACH_RELAY_PORT"]);
  });

  it("wire the two together: the relay verifies the dashboard's token with the key it is given", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cloud-stack-env-"));
    try {
      const real = loadStackSecrets({ dataDir: dir, env: {} });
      const dash = dashboardEnv({ base, settings, secrets: real, relayPort: 8790 });
      const relay = relayEnv({ base, settings, secrets: real, port: 8790 });
      expect(verifyCloudToken(dash.OUTREACH_CLOUD_TOKEN!, publicKeyFrom(relay.RELAY_TOKEN_PUBLIC_KEY!)).ok).toBe(true);
      expect(relay.RELAY_REPORT_SECRET).toBe(dash.OUTREACH_RELAY_REPORT_SECRET);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reach the dashboard where the tool server URL says, and a relay open on every interface over loopback", () => {
    const custom = stackSettings({ ...base, OUTREACH_TOOL_SERVER_URL: "http://10.0.0.5:3100/api/mcp", RELAY_HOST: "0.0.0.0", OUTREACH_RELAY_PORT: "9000" });
    expect(relayEnv({ base, settings: custom, secrets, port: 9000 })).toMatchObject({ RELAY_HOST: "0.0.0.0", RELAY_REVOKED_URL: "http://10.0.0.5:3100/api/cloud-runner/revocations" });
    expect(dashboardEnv({ base, settings: custom, secrets, relayPort: 9000 }).OUTREACH_CLOUD_RELAY_URL).toBe("ws://127.0.0.1:9000");
    expect(relayUrl(stackSettings({ RELAY_HOST: "::1" }), 9000)).toBe("ws://[::1]:9000");
  });

  it("reach a dashboard that listens on one name only (a container's) by that name, for the relay and for tool calls", () => {
    const named = stackSettings({ ...base, HOSTNAME: "3f2a9c0d1e7b" });
    expect(relayEnv({ base, settings: named, secrets, port: 8790 }).RELAY_USAGE_URL).toBe("http://3f2a9c0d1e7b:3100/api/cloud-runner/usage");
    expect(dashboardEnv({ base, settings: named, secrets, relayPort: 8790 }).OUTREACH_TOOL_SERVER_URL).toBe("http://3f2a9c0d1e7b:3100/api/mcp");
    expect(relayEnv({ base, settings: stackSettings({ ...base, HOSTNAME: "0.0.0.0" }), secrets, port: 8790 }).RELAY_USAGE_URL).toBe("http://127.0.0.1:3100/api/cloud-runner/usage");
  });

  it("name what the environment set that the stack replaces", () => {
    expect(replacedVariables({ ...base, OUTREACH_CLOUD_TOKEN: "ocr_x", RELAY_TOKEN_PUBLIC_KEY: "abc", OUTREACH_EDITION: "self-hosted", OUTREACH_AUTH: "on" })).toEqual([
      "OUTREACH_CLOUD_TOKEN",
      "RELAY_TOKEN_PUBLIC_KEY",
      "OUTREACH_EDITION",
    ]);
    expect(replacedVariables(base)).toEqual([]);
  });

  it("refuse settings that cannot work, naming the variable", () => {
    expect(() => stackSettings({ PORT: "http" })).toThrow(/^PORT: /);
    expect(() => stackSettings({ OUTREACH_RELAY_PORT: "70000" })).toThrow(/^OUTREACH_RELAY_PORT: /);
  });
});
