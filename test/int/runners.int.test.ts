// Runner detection (`<binary> --version`, cached for the process) and per-runner settings.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call } from "./http";
import { createOrg, type OrgFixture } from "./fixtures";
import * as runners from "@/app/api/runners/route";
import * as runnerConfig from "@/app/api/settings/runner-config/route";

let A: OrgFixture;
let bin: string;
const savedPath = process.env.PATH;

function script(name: string, body: string) {
  const file = path.join(bin, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`);
  fs.chmodSync(file, 0o755);
}

beforeAll(async () => {
  A = await createOrg();
  bin = fs.mkdtempSync(path.join(os.tmpdir(), "runner-bin-"));
  // Only this folder is searched, so every other backend's CLI is certainly missing.
  process.env.PATH = bin;
  script("gemini", 'echo "0.21.3"');
  script("qwen", 'echo "qwen: broken install" >&2; exit 3');
});

afterAll(() => {
  process.env.PATH = savedPath;
  fs.rmSync(bin, { recursive: true, force: true });
});

const bySlug = (list: { slug: string }[]) => Object.fromEntries(list.map((r) => [r.slug, r])) as Record<string, any>;

describe("runner detection", () => {
  it("reports each backend with its spec, version or reason; cloud is listed and unavailable", async () => {
    const res = await call(runners.POST, { method: "POST", cookie: A.cookie });
    expect(res.status).toBe(200);
    const r = bySlug(res.json.runners);
    expect(Object.keys(r)).toEqual(["cloud", "claude-code", "codex", "gemini", "qwen", "auggie", "opencode"]);
    expect(r.cloud).toMatchObject({ available: false, reason: expect.stringContaining("cloud runner") });
    expect(r.gemini).toMatchObject({ available: true, version: "0.21.3", spec: { binary: "gemini", acpArgs: ["--acp"] } });
    expect(r.qwen).toMatchObject({ available: false, version: null });
    expect(r.qwen.reason).toContain("--version failed");
    expect(r["claude-code"]).toMatchObject({ available: false, spec: { binary: "npx", acpArgs: ["-y", "@zed-industries/claude-agent-acp"] } });
    expect(r["claude-code"].reason).toMatch(/claude is not installed: npm install -g/);
    expect(r.opencode.spec.acpArgs).toEqual(["acp"]);
  });

  it("GET answers from the cache; POST probes again (once the 30 s since the last probe have passed)", async () => {
    const t0 = Date.now() + 60_000;
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(t0);
      await call(runners.POST, { method: "POST", cookie: A.cookie });
      script("auggie", 'echo "auggie 1.2.0"');
      expect(bySlug((await call(runners.GET, { cookie: A.cookie })).json.runners).auggie.available).toBe(false);
      vi.setSystemTime(t0 + 30_000);
      expect(bySlug((await call(runners.POST, { method: "POST", cookie: A.cookie })).json.runners).auggie).toMatchObject({ available: true, version: "auggie 1.2.0" });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the program a run launches is probed too", () => {
  it("an adapter-launched backend needs both its agent CLI and npx, and the reason says which is missing", async () => {
    const { detectRunners } = await import("@/lib/runners/detect-runners");
    const claude = async () => bySlug(await detectRunners({ refresh: true }))["claude-code"];
    // Neither: the agent's CLI first, then the launcher.
    expect((await claude()).reason).toMatch(/^claude is not installed: npm install -g .*\. npx is not installed either, and runs of Claude Code are started with `npx -y @zed-industries\/claude-agent-acp`: install Node\.js/);
    // The agent CLI alone is not enough: a run is started through npx, which is missing here.
    script("claude", 'echo "2.0.14 (Claude Code)"');
    const launcherMissing = await claude();
    expect(launcherMissing).toMatchObject({ available: false, version: null });
    expect(launcherMissing.reason).toBe(
      "npx is not installed, and runs of Claude Code are started with `npx -y @zed-industries/claude-agent-acp`: install Node.js with npm (npm includes npx) on this server, or put npx on the server's PATH",
    );
    // A launcher that is there but broken is named as such.
    script("npx", 'echo "npm ERR! broken" >&2; exit 7');
    expect((await claude()).reason).toMatch(/^npx --version failed \(7\), and runs of Claude Code/);
    // Both: available, with the agent's version.
    script("npx", 'echo "10.9.2"');
    expect(await claude()).toMatchObject({ available: true, version: "2.0.14 (Claude Code)", reason: null });
    // A backend launched through its own CLI is probed once.
    expect(bySlug(await detectRunners())).toMatchObject({ gemini: { available: true, version: "0.21.3" } });
    fs.rmSync(path.join(bin, "claude"));
    fs.rmSync(path.join(bin, "npx"));
    await detectRunners({ refresh: true });
  });
});

describe("runner config", () => {
  it("stores a validated config per runner and leaves the others alone", async () => {
    const put = await call(runnerConfig.PUT, { method: "PUT", cookie: A.cookie, body: { slug: "claude-code", config: { model: "claude-sonnet-4-5", maxTurns: 40 } } });
    expect(put.status).toBe(200);
    await call(runnerConfig.PUT, { method: "PUT", cookie: A.cookie, body: { slug: "gemini", config: { model: "gemini-2.5-pro" } } });
    const get = await call(runnerConfig.GET, { cookie: A.cookie });
    expect(get.json.runner_configs).toEqual({ "claude-code": { model: "claude-sonnet-4-5", maxTurns: 40 }, gemini: { model: "gemini-2.5-pro" } });
  });

  it("only admins change it", async () => {
    const member = await createOrg({ role: "member" });
    const res = await call(runnerConfig.PUT, { method: "PUT", cookie: member.cookie, body: { slug: "gemini", config: {} } });
    expect(res.status).toBe(403);
  });
});
