// SPEC 2.4 "Detection": at boot each runner's CLI is probed, in the background. The server's boot hook (instrumentation.ts
// register) is run with its other steps stubbed out (database, playbooks and jobs have suites of their own): it must
// start the probes, return without waiting for them, and leave their answers in the cache that the runners route reads.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call } from "./http";
import { createOrg, type OrgFixture } from "./fixtures";

vi.mock("@/lib/http/peer-address", () => ({ installPeerAddressHeader: () => undefined }));
vi.mock("@/lib/boot/ensure-database", () => ({ ensureDatabase: async () => undefined }));
vi.mock("@/lib/playbooks/seed-builtin-playbooks", () => ({ seedBuiltinPlaybooksForAll: async () => ({}) }));
vi.mock("@/lib/jobs/start-background-work", () => ({ startBackgroundWork: async () => ({ runner: null }) }));

let A: OrgFixture;
let bin: string;
const savedPath = process.env.PATH;
const savedRuntime = process.env.NEXT_RUNTIME;

beforeAll(async () => {
  A = await createOrg();
  bin = fs.mkdtempSync(path.join(os.tmpdir(), "boot-bin-"));
  process.env.PATH = bin;
  process.env.NEXT_RUNTIME = "nodejs";
  // `gemini --version` notes each probe, then waits until the test opens the gate: a slow CLI.
  fs.writeFileSync(
    path.join(bin, "gemini"),
    `#!/bin/sh\necho probe >> "${bin}/probes.log"\nwhile [ ! -f "${bin}/gate" ]; do sleep 0.02; done\necho "0.22.0"\n`,
  );
  fs.chmodSync(path.join(bin, "gemini"), 0o755);
});

afterAll(() => {
  process.env.PATH = savedPath;
  if (savedRuntime === undefined) delete process.env.NEXT_RUNTIME;
  else process.env.NEXT_RUNTIME = savedRuntime;
  fs.rmSync(bin, { recursive: true, force: true });
});

const probes = () => (fs.existsSync(path.join(bin, "probes.log")) ? fs.readFileSync(path.join(bin, "probes.log"), "utf8").trim().split("\n").length : 0);

async function until(cond: () => boolean) {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
}

describe("runner detection at boot", () => {
  it("boot starts the probes and does not wait for them; the runners route then answers from what they found", async () => {
    const { register } = await import("@/instrumentation");
    await register();
    // Boot is over while the slow CLI is still being probed.
    await until(() => probes() === 1);
    expect(fs.existsSync(path.join(bin, "gate"))).toBe(false);

    fs.writeFileSync(path.join(bin, "gate"), "");
    const res = await call((await import("@/app/api/runners/route")).GET, { cookie: A.cookie });
    expect(res.status).toBe(200);
    const gemini = res.json.runners.find((r: { slug: string }) => r.slug === "gemini");
    expect(gemini).toMatchObject({ available: true, version: "0.22.0" });
    // The route read the boot's answer: the CLI was probed once.
    expect(probes()).toBe(1);
  });
});
