// The return date an out-of-office reply gives, when it gives one (docs/sequences.md "Out of office"): "back on
// 5 December", "away until Dec 5th", "until 2026-12-05", "rientro il 5 dicembre", "fino al 5/12". The next follow-up
// is then not drafted before the day after it. Pure, so the unit test reads every form; no date: null.
const MONTHS: Record<string, number> = {
  jan: 0, january: 0, gennaio: 0, gen: 0,
  feb: 1, february: 1, febbraio: 1,
  mar: 2, march: 2, marzo: 2,
  apr: 3, april: 3, aprile: 3,
  may: 4, maggio: 4, mag: 4,
  jun: 5, june: 5, giugno: 5, giu: 5,
  jul: 6, july: 6, luglio: 6, lug: 6,
  aug: 7, august: 7, agosto: 7, ago: 7,
  sep: 8, sept: 8, september: 8, settembre: 8, set: 8,
  oct: 9, october: 9, ottobre: 9, ott: 9,
  nov: 10, november: 10, novembre: 10,
  dec: 11, december: 11, dicembre: 11, dic: 11,
};

const MONTH = `(${Object.keys(MONTHS).sort((a, b) => b.length - a.length).join("|")})\\.?`;
const DAY = "(\\d{1,2})(?:st|nd|rd|th|°)?";

/** The day after the return date, 00:00 UTC; the year is the first one that puts the date on or after `sent`. */
export function outOfOfficeUntil(body: string, sent: Date): Date | null {
  const text = body.toLowerCase();
  const iso = text.match(/\b(20\d\d)-(\d\d)-(\d\d)\b/);
  if (iso) return dayAfter(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const dayMonth = text.match(new RegExp(`\\b${DAY}\\s+(?:of\\s+)?${MONTH}(?:\\s+(20\\d\\d))?\\b`));
  if (dayMonth) return withYear(Number(dayMonth[1]), MONTHS[dayMonth[2]!]!, dayMonth[3], sent);
  const monthDay = text.match(new RegExp(`\\b${MONTH}\\s+${DAY}(?:,?\\s+(20\\d\\d))?\\b`));
  if (monthDay) return withYear(Number(monthDay[2]), MONTHS[monthDay[1]!]!, monthDay[3], sent);
  // Numeric day/month, as written in Europe (the extension's languages are English and Italian).
  const numeric = text.match(/\b(?:until|till|back on|from|on|al|il|dal)\s+(\d{1,2})\/(\d{1,2})(?:\/(20\d\d))?\b/);
  if (numeric) return withYear(Number(numeric[1]), Number(numeric[2]) - 1, numeric[3], sent);
  return null;
}

function withYear(day: number, month: number, year: string | undefined, sent: Date): Date | null {
  if (year) return dayAfter(Number(year), month, day);
  const y = sent.getUTCFullYear();
  const thisYear = dayAfter(y, month, day);
  if (!thisYear) return null;
  // "until 3 January" written in late December means next year.
  return thisYear.getTime() < sent.getTime() ? dayAfter(y + 1, month, day) : thisYear;
}

function dayAfter(year: number, month: number, day: number): Date | null {
  if (month < 0 || month > 11 || day < 1 || day > 31) return null;
  const d = new Date(Date.UTC(year, month, day));
  if (d.getUTCMonth() !== month) return null;
  return new Date(Date.UTC(year, month, day + 1));
}
