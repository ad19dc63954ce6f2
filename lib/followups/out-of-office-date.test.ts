import { describe, expect, it } from "vitest";
import { outOfOfficeUntil } from "@/lib/followups/out-of-office-date";

const sent = new Date("2026-11-20T10:00:00Z");
const day = (s: string) => new Date(`${s}T00:00:00Z`);

describe("outOfOfficeUntil", () => {
  it("reads the return date in English and Italian, and answers the day after it", () => {
    expect(outOfOfficeUntil("I'm out of the office until December 5th with limited access to email.", sent)).toEqual(day("2026-12-06"));
    expect(outOfOfficeUntil("Auto-reply: back on 3 Dec.", sent)).toEqual(day("2026-12-04"));
    expect(outOfOfficeUntil("Away until 2026-12-10.", sent)).toEqual(day("2026-12-11"));
    expect(outOfOfficeUntil("Sono in ferie, rientro il 7 dicembre.", sent)).toEqual(day("2026-12-08"));
    expect(outOfOfficeUntil("Fuori ufficio fino al 9/12", sent)).toEqual(day("2026-12-10"));
  });

  it("puts a date earlier in the year than the message in the next year", () => {
    expect(outOfOfficeUntil("On holiday until January 4", new Date("2026-12-20T00:00:00Z"))).toEqual(day("2027-01-05"));
  });

  it("answers null without a date, and for a date that does not exist", () => {
    expect(outOfOfficeUntil("I am on vacation with no access to my messages.", sent)).toBeNull();
    expect(outOfOfficeUntil("Back on 31 November", sent)).toBeNull();
  });
});
