import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { agentEnv, prepareScratch } from "@/lib/runners/agent-env";
import { findLocalBackend } from "@/lib/runners/backends";

const claude = findLocalBackend("claude-code")!;
const HOST = {
  PATH: "/usr/bin",
  LANG: "C.UTF-8",
  HOME: "/home/dashboard",
  USER: "dashboard",
  TMPDIR: "/var/tmp",
  XDG_CONFIG_HOME: "/home/dashboard/.config",
  HTTPS_PROXY: "http://proxy:3128",
  ANTHROPIC_API_KEY: "sk-ant-test",
  DATABASE_URL: "postgresql://secret@db/outreach",
  RELAY_REPORT_SECRET: "report-secret-0123456789",
  AUTH_SECRET: "auth-secret",
};

describe("agentEnv", () => {
  it("isolated: PATH, LANG and the backend's own variables, HOME and TMPDIR in the scratch folder", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agent-env-"));
    try {
      const scratch = await prepareScratch(dir);
      expect(fs.statSync(scratch.home).isDirectory() && fs.statSync(scratch.tmp).isDirectory()).toBe(true);
      expect(agentEnv({ backend: claude, source: HOST, scratch })).toEqual({
        PATH: "/usr/bin",
        LANG: "C.UTF-8",
        ANTHROPIC_API_KEY: "sk-ant-test",
        HOME: path.join(dir, "home"),
        TMPDIR: path.join(dir, "tmp"),
      });
      // The operator's home for agents (a CLI's saved sign-in) and extra names (a proxy).
      expect(agentEnv({ backend: claude, source: HOST, scratch, home: "/srv/agent-home", extra: ["HTTPS_PROXY"] })).toMatchObject({ HOME: "/srv/agent-home", TMPDIR: path.join(dir, "tmp"), HTTPS_PROXY: "http://proxy:3128" });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("inherited: the backend's pass-through list as before, never the dashboard's secrets", () => {
    const env = agentEnv({ backend: claude, source: HOST, scratch: null });
    expect(env).toEqual({
      PATH: "/usr/bin", LANG: "C.UTF-8", HOME: "/home/dashboard", USER: "dashboard", TMPDIR: "/var/tmp",
      XDG_CONFIG_HOME: "/home/dashboard/.config", HTTPS_PROXY: "http://proxy:3128", ANTHROPIC_API_KEY: "sk-ant-test",
    });
    expect(agentEnv({ backend: claude, source: HOST, scratch: null, home: "/srv/agent-home" }).HOME).toBe("/srv/agent-home");
  });
});
