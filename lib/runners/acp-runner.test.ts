// The generic ACP runner against the scripted fake agent (a real process over stdio): the read gate holds the agent's
// output while it is closed and lets all of it through, in order, once it opens.
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAcpAgent } from "@/lib/runners/acp-runner";

const FAKE_AGENT = path.resolve("e2e/fixtures/fake-acp-agent.mjs");

describe("runAcpAgent readGate", () => {
  it("reads nothing more from the agent while the gate is closed, then everything in order", async () => {
    // 1.6 MB of output: far more than the pipe and the runner's own buffers hold, so a gate that did not hold would
    // let everything through even on a loaded machine.
    const steps = Array.from({ length: 400 }, (_, i) => ({ say: `part-${i} ${"x".repeat(4000)}` }));
    const prompt = `Say a lot.\n\n\`\`\`fake-agent\n${JSON.stringify({ steps })}\n\`\`\`\n`;
    const said: string[] = [];
    let hold: Promise<void> | null = null;
    let release!: () => void;
    let heldAt = -1;
    const done = runAcpAgent({
      binary: process.execPath,
      args: [FAKE_AGENT],
      cwd: os.tmpdir(),
      env: { PATH: process.env.PATH ?? "" },
      prompt,
      mcpServers: [],
      timeoutMs: 30_000,
      readGate: () => hold,
      onEvent: (type, payload) => {
        if (type !== "message_chunk") return;
        said.push(String(payload.text));
        // Close the gate once the first words are in.
        if (said.length === 1) {
          hold = new Promise<void>((r) => (release = r));
          heldAt = said.length;
        }
      },
    });
    await expect.poll(() => heldAt).toBe(1);
    // The agent keeps writing; while held, the runner passes on at most what it had already read.
    await new Promise((r) => setTimeout(r, 200));
    const whileHeld = said.length;
    await new Promise((r) => setTimeout(r, 800));
    expect(said.length).toBe(whileHeld);
    expect(whileHeld).toBeLessThan(steps.length / 2);
    hold = null;
    release();
    const result = await done;
    expect(result.stopReason).toBe("end_turn");
    const text = said.join("");
    const order = [...text.matchAll(/part-(\d+) /g)].map((m) => Number(m[1]));
    expect(order).toEqual(steps.map((_, i) => i));
  });
});
