// A send the gate would not let go (lib/sending/take-send-slot.ts), and the draft it asks about: shared by the gate and
// the account chooser (lib/sending/choose-send-account.ts), which each need them and must not import each other.

/** The draft could not go now: held with a send-after time (null: until a person acts) and the reason. */
export class SendHeld extends Error {
  constructor(readonly reason: string, readonly sendAfter: Date | null) {
    super(reason);
    this.name = "SendHeld";
  }
}

export interface SlotDraft {
  id: number;
  kind: string;
  platform: string;
  projectId: number | null;
  /** A campaign that sends from several accounts gives a draft without an account one of them here. */
  campaignId: number | null;
  accountId: number | null;
  accountHandle: string;
  targetUser: string;
}
