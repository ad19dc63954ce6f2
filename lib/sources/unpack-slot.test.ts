import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/http/errors";
import { UNPACK_SLOTS, withOrganizationUpload, withUnpackSlot } from "@/lib/sources/unpack-slot";

/** A promise and the function that settles it, to hold a slot for as long as a test wants. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("unpack slots", () => {
  it("one upload per organization at a time: a second is 429 while the first runs, and welcome after", async () => {
    const first = gate();
    const running = withOrganizationUpload(7, () => first.opened);
    const second = withOrganizationUpload(7, async () => "second");
    await expect(second).rejects.toMatchObject({ code: "rate_limited", details: { retry_after: 5 } });
    // Another organization is not held up.
    await expect(withOrganizationUpload(8, async () => "other")).resolves.toBe("other");
    first.open();
    await running;
    await expect(withOrganizationUpload(7, async () => "again")).resolves.toBe("again");
  });

  it(`at most ${UNPACK_SLOTS} unpacks at once on an instance; a slot frees when its unpack fails`, async () => {
    const gates = Array.from({ length: UNPACK_SLOTS }, gate);
    const held = gates.map((g) => withUnpackSlot({ deadlineMs: 60_000 }, () => g.opened));
    const refused = await withUnpackSlot({ deadlineMs: 60_000 }, async () => "one too many").catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("rate_limited");
    gates[0]!.open();
    await held[0];
    await expect(withUnpackSlot({ deadlineMs: 60_000 }, async () => { throw new Error("broken archive"); })).rejects.toThrow("broken archive");
    await expect(withUnpackSlot({ deadlineMs: 60_000 }, async () => "freed")).resolves.toBe("freed");
    for (const g of gates) g.open();
    await Promise.all(held);
  });

  it("the signal fires at the deadline with the refusal, and when the request ends", async () => {
    vi.useFakeTimers();
    const deadline = withUnpackSlot({ deadlineMs: 20 }, (signal) => new Promise((resolve) => signal.addEventListener("abort", () => resolve(signal.reason))));
    vi.advanceTimersByTime(20);
    vi.useRealTimers();
    const atDeadline = await deadline;
    expect((atDeadline as Error).message).toBe("The archive was refused: it did not unpack within 0.02 s, the limit for one upload.");
    const request = new AbortController();
    const whenEnded = withUnpackSlot({ deadlineMs: 60_000, requestSignal: request.signal }, (signal) => new Promise((resolve) => signal.addEventListener("abort", () => resolve(signal.reason))));
    request.abort();
    expect(((await whenEnded) as Error).message).toBe("The archive was refused: the upload was cancelled before it was unpacked.");
  });
});
