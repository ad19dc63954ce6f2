import { describe, expect, it } from "vitest";
import { FrameChannel, type FrameSocket } from "@/lib/relay-protocol/channel";
import type { Frame } from "@/lib/relay-protocol/protocol";

/** A socket that keeps what was written, as parsed frames. */
function socket(): FrameSocket & { sent: Frame[]; readyState: number } {
  const s = { readyState: 1, bufferedAmount: 0, sent: [] as Frame[], send: (d: string) => void s.sent.push(JSON.parse(d) as Frame) };
  return s;
}

function pair() {
  const got: Frame[] = [];
  const invalid: string[] = [];
  const channel = new FrameChannel((f) => got.push(f), (m) => invalid.push(m));
  return { channel, got, invalid };
}

const update = (n: number) => ({ type: "acp.update" as const, runId: 1, event: "message_chunk", payload: { text: `part ${n}` } });

describe("FrameChannel", () => {
  it("numbers run frames from 1 and leaves connection frames (hello, ping, error) at 0, each carrying its ack", () => {
    const { channel } = pair();
    const s = socket();
    channel.attach(s);
    channel.send({ type: "hello" });
    channel.send(update(1));
    channel.receive(JSON.stringify({ v: 1, type: "cancel", seq: 4, runId: 1 }));
    channel.send({ type: "ping" });
    channel.send(update(2));
    expect(s.sent.map((f) => [f.type, f.seq, f.ack])).toEqual([
      ["hello", 0, 0],
      ["acp.update", 1, 0],
      ["ping", 0, 4],
      ["acp.update", 2, 4],
    ]);
  });

  it("replays on a new socket only what the peer has not acknowledged, and the peer passes over frames it already had", () => {
    const sender = pair();
    const first = socket();
    sender.channel.attach(first);
    for (const n of [1, 2, 3]) sender.channel.send(update(n));
    // The peer saw frames 1 and 2, acknowledged 1 on a ping, then the socket dropped.
    sender.channel.receive(JSON.stringify({ v: 1, type: "ping", seq: 0, ack: 1 }));
    sender.channel.detach();
    sender.channel.send(update(4)); // written while detached: kept, not lost
    expect(first.sent.map((f) => f.seq)).toEqual([1, 2, 3]);

    const second = socket();
    sender.channel.attach(second, 2); // the peer says on resume: the last I received is 2
    expect(second.sent.map((f) => f.seq)).toEqual([3, 4]);

    const receiver = pair();
    for (const f of [...first.sent.slice(0, 2), ...second.sent, ...second.sent]) receiver.channel.receive(JSON.stringify(f));
    expect(receiver.got.map((f) => (f as Extract<Frame, { type: "acp.update" }>).payload.text)).toEqual(["part 1", "part 2", "part 3", "part 4"]);
    expect(receiver.channel.lastReceived).toBe(4);
  });

  it("reports what cannot be read without passing it on", () => {
    const { channel, got, invalid } = pair();
    channel.receive("{");
    channel.receive(JSON.stringify({ v: 1, type: "acp.update", seq: 1, runId: 1, event: "x", payload: {}, extra: true }));
    channel.receive(JSON.stringify({ v: 1, type: "mcp.frame", seq: 1, runId: 1, message: { id: 1 } }));
    expect(got).toEqual([]);
    expect(invalid).toEqual(["The frame is not JSON", expect.stringMatching(/^Invalid frame at the top: /), "Invalid frame at message: Not a JSON-RPC 2.0 message"]);
    // Refused frames do not move the numbering.
    expect(channel.lastReceived).toBe(0);
  });
});
