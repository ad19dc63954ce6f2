import { describe, expect, it } from "vitest";
import { describeSchedule, scheduleView } from "@/lib/campaigns/describe-schedule";

describe("describeSchedule", () => {
  it("says the cron in words, in UTC", () => {
    expect(describeSchedule("0 9 * * 1-5")).toBe("At 09:00, Monday through Friday (UTC)");
    expect(describeSchedule("* * * * *")).toBe("Every minute (UTC)");
  });

  it("lists the next three slots", () => {
    expect(scheduleView("0 9 * * 1-5", new Date("2026-11-27T10:00:00Z")).upcoming).toEqual([
      "2026-11-30T09:00:00.000Z", "2026-12-01T09:00:00.000Z", "2026-12-02T09:00:00.000Z",
    ]);
  });
});
