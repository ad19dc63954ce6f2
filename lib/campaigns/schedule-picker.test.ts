import { describe, expect, it } from "vitest";
import { Cron } from "croner";
import { cronToPicker, describePicked, pickerToCron, viewerSchedule, zoneOffsetMinutes, type PickedSchedule } from "@/lib/campaigns/schedule-picker";
import { ZCron } from "@/lib/campaigns/cron-field";

// Reference instants: northern winter and northern summer.
const WINTER = new Date("2026-01-15T12:00:00Z");
const SUMMER = new Date("2026-07-15T12:00:00Z");
const pick = (p: Partial<PickedSchedule> & Pick<PickedSchedule, "kind">): PickedSchedule => ({ time: "09:00", weekday: 1, every: 4, ...p });

/** The local weekday and time of a cron's next slots, seen from the zone: what the person will actually get. */
function localSlots(cron: string, timeZone: string, from: Date, n = 7) {
  const fmt = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return new Cron(cron, { paused: true, timezone: "Etc/UTC" }).nextRuns(n, from).map((d) => fmt.format(d));
}

describe("picker -> UTC cron", () => {
  it("in UTC the cron is the choice as written", () => {
    expect(pickerToCron(pick({ kind: "weekdays" }), "UTC", WINTER)).toBe("0 9 * * 1-5");
    expect(pickerToCron(pick({ kind: "daily", time: "18:30" }), "UTC", WINTER)).toBe("30 18 * * *");
    expect(pickerToCron(pick({ kind: "weekly", weekday: 0, time: "07:05" }), "UTC", WINTER)).toBe("5 7 * * 0");
    expect(pickerToCron(pick({ kind: "hours", every: 6, time: "00:00" }), "UTC", WINTER)).toBe("0 */6 * * *");
    expect(pickerToCron(pick({ kind: "hours", every: 1, time: "00:15" }), "UTC", WINTER)).toBe("15 * * * *");
  });

  it("uses the zone's offset of the day: Berlin is UTC+1 in winter and UTC+2 in summer", () => {
    expect(pickerToCron(pick({ kind: "weekdays" }), "Europe/Berlin", WINTER)).toBe("0 8 * * 1-5");
    expect(pickerToCron(pick({ kind: "weekdays" }), "Europe/Berlin", SUMMER)).toBe("0 7 * * 1-5");
    expect(pickerToCron(pick({ kind: "daily", time: "09:00" }), "America/New_York", WINTER)).toBe("0 14 * * *");
  });

  it("moves the weekdays back when the local morning is the previous UTC evening (Tokyo, UTC+9)", () => {
    const cron = pickerToCron(pick({ kind: "weekdays", time: "08:00" }), "Asia/Tokyo", WINTER);
    expect(cron).toBe("0 23 * * 0-4");
    // Sunday to Thursday 23:00 UTC is Monday to Friday 08:00 in Tokyo.
    expect(localSlots(cron, "Asia/Tokyo", WINTER)).toEqual(expect.arrayContaining(["Mon 08:00", "Tue 08:00", "Wed 08:00", "Thu 08:00", "Fri 08:00"]));
    expect(localSlots(cron, "Asia/Tokyo", WINTER).some((s) => s.startsWith("Sat") || s.startsWith("Sun"))).toBe(false);
    expect(pickerToCron(pick({ kind: "weekly", weekday: 1, time: "06:00" }), "Asia/Tokyo", WINTER)).toBe("0 21 * * 0");
  });

  it("moves the weekdays forward when the local evening is the next UTC morning (Los Angeles, UTC-8)", () => {
    const cron = pickerToCron(pick({ kind: "weekdays", time: "20:00" }), "America/Los_Angeles", WINTER);
    expect(cron).toBe("0 4 * * 2-6");
    expect(localSlots(cron, "America/Los_Angeles", WINTER, 5).sort()).toEqual(["Fri 20:00", "Mon 20:00", "Thu 20:00", "Tue 20:00", "Wed 20:00"]);
    // Saturday evening in Los Angeles is Sunday morning in UTC: the week wraps to 0.
    expect(pickerToCron(pick({ kind: "weekly", weekday: 6, time: "22:00" }), "America/Los_Angeles", WINTER)).toBe("0 6 * * 0");
  });

  it("keeps the minutes of half-hour and quarter-hour zones (Kolkata UTC+5:30, Kathmandu UTC+5:45)", () => {
    expect(pickerToCron(pick({ kind: "daily", time: "09:00" }), "Asia/Kolkata", WINTER)).toBe("30 3 * * *");
    expect(pickerToCron(pick({ kind: "weekdays", time: "05:00" }), "Asia/Kathmandu", WINTER)).toBe("15 23 * * 0-4");
    expect(pickerToCron(pick({ kind: "hours", every: 6, time: "00:00" }), "Asia/Kolkata", WINTER)).toBe("30 */6 * * *");
  });

  it("every N hours keeps its local times: from 03:00 every 6 hours in Berlin", () => {
    const cron = pickerToCron(pick({ kind: "hours", every: 6, time: "03:00" }), "Europe/Berlin", WINTER);
    expect(cron).toBe("0 2-23/6 * * *");
    expect(new Set(localSlots(cron, "Europe/Berlin", WINTER, 8).map((s) => s.slice(4)))).toEqual(new Set(["03:00", "09:00", "15:00", "21:00"]));
  });

  it("every cron it writes is one the campaign schema accepts", () => {
    for (const zone of ["UTC", "Europe/Berlin", "Asia/Tokyo", "America/Los_Angeles", "Asia/Kathmandu", "Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      for (const kind of ["weekdays", "daily", "weekly", "hours"] as const) {
        for (const time of ["00:00", "00:30", "09:00", "23:59"]) {
          for (const every of [1, 2, 3, 4, 6, 8, 12]) {
            const choice = pick({ kind, time, every, weekday: 6 });
            const cron = pickerToCron(choice, zone, WINTER);
            expect(ZCron.safeParse(cron).success, `${zone} ${kind} ${time} ${every}: ${cron}`).toBe(true);
            // And reads back as the same choice.
            const back = cronToPicker(cron, zone, WINTER)!;
            expect(back.kind).toBe(kind);
            if (kind === "hours") {
              expect(back.every).toBe(every);
            } else {
              expect(back.time).toBe(time);
              if (kind === "weekly") expect(back.weekday).toBe(6);
            }
          }
        }
      }
    }
  });
});

describe("UTC cron -> picker", () => {
  it("reads the crons it writes, and common hand-written ones", () => {
    expect(cronToPicker("0 9 * * 1-5", "UTC", WINTER)).toMatchObject({ kind: "weekdays", time: "09:00" });
    expect(cronToPicker("0 9 * * MON-FRI", "UTC", WINTER)).toBeNull();
    expect(cronToPicker("0 9 * * 1,2,3,4,5", "UTC", WINTER)).toMatchObject({ kind: "weekdays" });
    expect(cronToPicker("0 9 * * 0-6", "UTC", WINTER)).toMatchObject({ kind: "daily" });
    expect(cronToPicker("0 9 * * 7", "UTC", WINTER)).toMatchObject({ kind: "weekly", weekday: 0 });
    expect(cronToPicker("0 */4 * * *", "UTC", WINTER)).toMatchObject({ kind: "hours", every: 4, time: "00:00" });
    expect(cronToPicker("0 1,9,17 * * *", "UTC", WINTER)).toMatchObject({ kind: "hours", every: 8, time: "01:00" });
    expect(cronToPicker("* * * * *", "UTC", WINTER)).toBeNull();
  });

  it("leaves to the raw cron what the picker cannot say", () => {
    for (const cron of ["0 9 1 * *", "0 9 * 1 *", "*/15 * * * *", "0 9 * * 1,3", "0 9,17 * * *", "0 */5 * * *", "0 9-17 * * 1-5"]) {
      expect(cronToPicker(cron, "UTC", WINTER), cron).toBeNull();
    }
  });

  it("reads a UTC weekday cron in the viewer's zone, days shifted where midnight lies between", () => {
    // 23:00 UTC Sunday-Thursday is 08:00 Monday-Friday in Tokyo, but not weekdays in UTC itself.
    expect(cronToPicker("0 23 * * 0-4", "Asia/Tokyo", WINTER)).toMatchObject({ kind: "weekdays", time: "08:00" });
    expect(cronToPicker("0 23 * * 0-4", "UTC", WINTER)).toBeNull();
    // 09:00 UTC on weekdays is 01:00 on weekdays in Los Angeles, and 18:00 in Tokyo.
    expect(cronToPicker("0 9 * * 1-5", "America/Los_Angeles", WINTER)).toMatchObject({ kind: "weekdays", time: "01:00" });
    expect(cronToPicker("0 9 * * 1-5", "Asia/Tokyo", WINTER)).toMatchObject({ kind: "weekdays", time: "18:00" });
    // 02:00 UTC on weekdays is the previous evening in New York: Sunday to Thursday.
    expect(cronToPicker("0 2 * * 1-5", "America/New_York", WINTER)).toBeNull();
    expect(cronToPicker("0 2 * * 1", "America/New_York", WINTER)).toMatchObject({ kind: "weekly", weekday: 0, time: "21:00" });
  });
});

describe("in words", () => {
  it("says the choice in the viewer's time", () => {
    expect(describePicked(pick({ kind: "weekdays" }))).toBe("Every weekday at 09:00");
    expect(describePicked(pick({ kind: "weekly", weekday: 3, time: "14:30" }))).toBe("Every Wednesday at 14:30");
    expect(describePicked(pick({ kind: "hours", every: 6, time: "03:00" }))).toBe("Every 6 hours, at 03:00, 09:00, 15:00 and 21:00");
    expect(describePicked(pick({ kind: "hours", every: 2, time: "01:00" }))).toBe("Every 2 hours, from 01:00 to 23:00");
    expect(describePicked(pick({ kind: "hours", every: 1, time: "00:00" }))).toBe("Every hour, on the hour");
  });

  it("a stored cron seen from Berlin in winter, with what the clock change in March does to it", () => {
    const view = viewerSchedule("0 8 * * 1-5", "Europe/Berlin", WINTER);
    expect(view.words).toBe("Every weekday at 09:00");
    expect(view.utcWords).toBe("At 08:00, Monday through Friday");
    expect(view.clockChange).toBe("The schedule is kept in UTC: after the clocks change on Mar 29, 2026, this is every weekday at 10:00 your time.");
  });

  it("no clock-change note in UTC or in zones without one; a custom cron is said in UTC", () => {
    expect(viewerSchedule("0 9 * * 1-5", "UTC", WINTER).clockChange).toBeNull();
    expect(viewerSchedule("0 9 * * 1-5", "Asia/Tokyo", WINTER).clockChange).toBeNull();
    expect(viewerSchedule("*/15 * * * *", "Asia/Tokyo", WINTER)).toMatchObject({ picked: null, words: "Every 15 minutes (UTC)" });
  });

  it("offsets read from the zone database", () => {
    expect(zoneOffsetMinutes("Europe/Berlin", WINTER)).toBe(60);
    expect(zoneOffsetMinutes("Europe/Berlin", SUMMER)).toBe(120);
    expect(zoneOffsetMinutes("America/New_York", WINTER)).toBe(-300);
    expect(zoneOffsetMinutes("Asia/Kathmandu", WINTER)).toBe(345);
  });
});
