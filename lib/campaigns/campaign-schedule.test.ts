import { describe, expect, it } from "vitest";
import { dueSlots, nextSlotAfter, upcomingSlots } from "@/lib/campaigns/campaign-schedule";

const at = (iso: string) => new Date(iso);

describe("campaign schedule", () => {
  it("reads crons in UTC", () => {
    expect(nextSlotAfter("0 9 * * 1-5", at("2026-11-27T10:00:00Z"))).toEqual(at("2026-11-30T09:00:00Z"));
    expect(upcomingSlots("30 8 * * *", 3, at("2026-11-24T08:30:00Z")).map((d) => d.toISOString())).toEqual([
      "2026-11-25T08:30:00.000Z", "2026-11-26T08:30:00.000Z", "2026-11-27T08:30:00.000Z",
    ]);
  });

  it("a slot that is due on time is the one to run, with nothing skipped", () => {
    expect(dueSlots("* * * * *", at("2026-11-24T10:00:00Z"), at("2026-11-24T10:00:05Z"))).toEqual({ latest: at("2026-11-24T10:00:00Z"), skipped: 0 });
  });

  it("after an hour without ticks, only the latest minute runs and the 60 before it are skipped", () => {
    expect(dueSlots("* * * * *", at("2026-11-24T10:00:00Z"), at("2026-11-24T11:00:30Z"))).toEqual({ latest: at("2026-11-24T11:00:00Z"), skipped: 60 });
  });

  it("a daily slot missed by a few hours still runs once, late", () => {
    expect(dueSlots("0 9 * * *", at("2026-11-24T09:00:00Z"), at("2026-11-24T13:15:00Z"))).toEqual({ latest: at("2026-11-24T09:00:00Z"), skipped: 0 });
  });

  it("nothing is due before the slot", () => {
    expect(dueSlots("0 9 * * *", at("2026-11-25T09:00:00Z"), at("2026-11-24T13:15:00Z"))).toBeNull();
  });
});
