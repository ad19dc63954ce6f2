// One run's conversation over a WebSocket that may drop: frames are numbered, kept until the other side acknowledges
// them, and replayed on the next socket when a run is resumed; frames seen twice (a replay) are passed over. Both
// ends use it, the relay and the dashboard's tool host.
import { CONNECTION_FRAMES, parseFrame, PROTOCOL_VERSION, type Frame, type Outgoing } from "@/lib/relay-protocol/protocol";

/** The part of a `ws` WebSocket the channel uses. */
export interface FrameSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
}

const OPEN = 1;

export class FrameChannel {
  private nextSeq = 1;
  private received = 0;
  private unacked: Frame[] = [];
  private socket: FrameSocket | null = null;

  constructor(
    private readonly onFrame: (frame: Frame) => void,
    private readonly onInvalid: (message: string) => void,
  ) {}

  /** The highest run frame received: what a resuming peer is told, and what every outgoing frame acknowledges. */
  get lastReceived(): number {
    return this.received;
  }

  get bufferedAmount(): number {
    return this.socket?.bufferedAmount ?? 0;
  }

  get attached(): boolean {
    return this.socket !== null && this.socket.readyState === OPEN;
  }

  /** Takes over the numbering of frames another channel already received on the same socket (the first run frames). */
  continueFrom(received: number): void {
    this.received = Math.max(this.received, received);
  }

  /** Uses `socket` from now on, first replaying every run frame the peer has not seen (after `peerLastSeq`). */
  attach(socket: FrameSocket, peerLastSeq = 0): void {
    this.socket = socket;
    this.dropAcknowledged(peerLastSeq);
    for (const frame of this.unacked) this.write({ ...frame, ack: this.received });
  }

  detach(): void {
    this.socket = null;
  }

  /** Numbers a run frame (connection frames go unnumbered), keeps it until acknowledged, and sends it if attached. */
  send(message: Outgoing): Frame {
    const numbered = !CONNECTION_FRAMES.has(message.type);
    const frame = { ...message, v: PROTOCOL_VERSION, seq: numbered ? this.nextSeq++ : 0, ack: this.received } as Frame;
    if (numbered) this.unacked.push(frame);
    this.write(frame);
    return frame;
  }

  /** Handles one text message from the socket. */
  receive(data: string): void {
    const parsed = parseFrame(data);
    if (!parsed.ok) return this.onInvalid(parsed.message);
    const frame = parsed.frame;
    if (frame.ack !== undefined) this.dropAcknowledged(frame.ack);
    if (frame.seq > 0) {
      // A replay after a resume: already handled.
      if (frame.seq <= this.received) return;
      this.received = frame.seq;
    }
    this.onFrame(frame);
  }

  private dropAcknowledged(upTo: number): void {
    if (this.unacked.length && this.unacked[0]!.seq <= upTo) this.unacked = this.unacked.filter((f) => f.seq > upTo);
  }

  private write(frame: Frame): void {
    if (this.socket && this.socket.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }
}
