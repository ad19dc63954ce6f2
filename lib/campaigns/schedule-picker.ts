// The schedule picker's choices ("every weekday at 9:00", "every day at …", "every Monday at …", "every N hours") in
// the viewer's time zone, and the five-field UTC cron a campaign stores (docs/jobs.md: crons are UTC so every instance
// agrees on each slot). Converting uses the zone's offset at `now`: a slot in UTC is a fixed instant, so where clocks
// change the local time moves by the change (the picker says so). A local time near midnight can fall on another UTC
// day: the weekdays move with it (09:00 on weekdays in Tokyo is 00:00 UTC; 08:00 there is 23:00 UTC, Sunday to
// Thursday). Pure: the picker, the pages and the tests share it.
import cronstrue from "cronstrue";

export type ScheduleKind = "weekdays" | "daily" | "weekly" | "hours";

export interface PickedSchedule {
  kind: ScheduleKind;
  /** Local time "HH:MM"; for `hours`, the first slot after midnight. */
  time: string;
  /** 0 Sunday … 6 Saturday, local; used by `weekly`. */
  weekday: number;
  /** Hours between runs, a divisor of 24 so every day looks the same; used by `hours`. */
  every: number;
}

export const HOUR_STEPS = [1, 2, 3, 4, 6, 8, 12] as const;
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const WEEKDAYS = [1, 2, 3, 4, 5];
const DAY = 24 * 60;

const mod = (n: number, m: number) => ((n % m) + m) % m;
const pad = (n: number) => String(n).padStart(2, "0");
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Minutes the zone is ahead of UTC at that instant (Berlin in winter: 60; New York in winter: -300). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = partsFormatter(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second"));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

function parseTime(time: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!m) throw new Error(`Not a time: ${time}`);
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) throw new Error(`Not a time: ${time}`);
  return h * 60 + min;
}

/** A set of days as a cron field: ranges where they run on ("0-4", "2-6", "1,3"). */
function daysField(days: number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    out.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return out.join(",");
}

/** The UTC cron for a choice made in `timeZone`, using the zone's offset at `now`. */
export function pickerToCron(p: PickedSchedule, timeZone: string, now: Date = new Date()): string {
  const off = zoneOffsetMinutes(timeZone, now);
  const utc = parseTime(p.time) - off;
  if (p.kind === "hours") {
    if (!(HOUR_STEPS as readonly number[]).includes(p.every)) throw new Error(`Every ${p.every} hours does not divide a day`);
    const first = mod(utc, p.every * 60);
    const minute = first % 60;
    const hour = Math.floor(first / 60);
    if (p.every === 1) return `${minute} * * * *`;
    return `${minute} ${hour === 0 ? "*" : `${hour}-23`}/${p.every} * * *`;
  }
  const shift = Math.floor(utc / DAY);
  const at = mod(utc, DAY);
  const head = `${at % 60} ${Math.floor(at / 60)} * *`;
  if (p.kind === "daily") return `${head} *`;
  if (p.kind === "weekdays") return `${head} ${daysField(WEEKDAYS.map((d) => mod(d + shift, 7)))}`;
  return `${head} ${mod(p.weekday + shift, 7)}`;
}

/** The values a cron field stands for, or null for syntax the picker does not read (names, `L`, `?`, …). */
function fieldValues(field: string, lo: number, hi: number): number[] | null {
  const out = new Set<number>();
  for (const part of field.split(",")) {
    const m = /^(\*|\d{1,2}(?:-\d{1,2})?)(?:\/(\d{1,2}))?$/.exec(part);
    if (!m) return null;
    const step = m[2] ? Number(m[2]) : 1;
    if (step < 1) return null;
    let from = lo;
    let to = hi;
    if (m[1] !== "*") {
      const [a, b] = m[1]!.split("-").map(Number);
      from = a!;
      // "5/15" (a start with a step) runs to the end of the range.
      to = b ?? (m[2] ? hi : a!);
    }
    if (from < lo || to > hi || from > to) return null;
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return [...out].sort((a, b) => a - b);
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The picker's choice for a stored cron, seen from `timeZone`; null when the cron is not one the picker writes. */
export function cronToPicker(cron: string, timeZone: string, now: Date = new Date()): PickedSchedule | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const [minF, hourF, domF, monF, dowF] = fields as [string, string, string, string, string];
  if (domF !== "*" || monF !== "*" || !/^\d{1,2}$/.test(minF)) return null;
  const minute = Number(minF);
  if (minute > 59) return null;
  const hours = fieldValues(hourF, 0, 23);
  // Sunday may be written 7.
  const dows = fieldValues(dowF, 0, 7)?.map((d) => d % 7);
  if (!hours || !dows) return null;
  const days = [...new Set(dows)].sort((a, b) => a - b);
  const off = zoneOffsetMinutes(timeZone, now);
  const base = { time: "09:00", weekday: 1, every: 4 };

  if (hours.length > 1) {
    // Every N hours: evenly spaced through the whole day, every day.
    const every = 24 / hours.length;
    if (days.length !== 7 || !(HOUR_STEPS as readonly number[]).includes(every)) return null;
    if (!hours.every((h, i) => h === hours[0]! + i * every)) return null;
    return { ...base, kind: "hours", every, time: hhmm(mod(hours[0]! * 60 + minute + off, every * 60)) };
  }
  const local = hours[0]! * 60 + minute + off;
  const shift = Math.floor(local / DAY);
  const time = hhmm(mod(local, DAY));
  const localDays = days.map((d) => mod(d + shift, 7)).sort((a, b) => a - b);
  if (localDays.length === 7) return { ...base, kind: "daily", time };
  if (sameSet(localDays, WEEKDAYS)) return { ...base, kind: "weekdays", time };
  if (localDays.length === 1) return { ...base, kind: "weekly", time, weekday: localDays[0]! };
  return null;
}

function listTimes(times: string[]): string {
  return times.length === 1 ? times[0]! : `${times.slice(0, -1).join(", ")} and ${times.at(-1)}`;
}

/** A choice in words: "Every weekday at 09:00", "Every 6 hours, at 03:00, 09:00, 15:00 and 21:00". */
export function describePicked(p: PickedSchedule): string {
  if (p.kind === "weekdays") return `Every weekday at ${p.time}`;
  if (p.kind === "daily") return `Every day at ${p.time}`;
  if (p.kind === "weekly") return `Every ${WEEKDAY_NAMES[p.weekday]} at ${p.time}`;
  const first = parseTime(p.time);
  if (p.every === 1) return first % 60 === 0 ? "Every hour, on the hour" : `Every hour, at ${first % 60} minutes past`;
  const times = Array.from({ length: 24 / p.every }, (_, i) => hhmm(first + i * p.every * 60));
  return times.length <= 4 ? `Every ${p.every} hours, at ${listTimes(times)}` : `Every ${p.every} hours, from ${times[0]} to ${times.at(-1)}`;
}

/** A cron in words, in UTC (what it means for the server): "At 09:00, Monday through Friday". */
export function cronWordsUtc(cron: string): string {
  try {
    return cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: false });
  } catch {
    return cron;
  }
}

/** The next instant after `now` at which the zone's offset changes (clocks go forward or back), within a year. */
export function nextOffsetChange(timeZone: string, now: Date): { at: Date; offset: number } | null {
  const start = zoneOffsetMinutes(timeZone, now);
  const hour = 3_600_000;
  for (let t = now.getTime() + 24 * hour; t <= now.getTime() + 370 * 24 * hour; t += 24 * hour) {
    const offset = zoneOffsetMinutes(timeZone, new Date(t));
    if (offset === start) continue;
    // The hour of that day the clocks changed.
    let at = t;
    for (let h = t - 24 * hour; h < t; h += hour) {
      if (zoneOffsetMinutes(timeZone, new Date(h)) !== start) {
        at = h;
        break;
      }
    }
    return { at: new Date(at), offset };
  }
  return null;
}

export interface ViewerSchedule {
  /** The picker's reading, or null for a cron it does not write (shown as "Custom"). */
  picked: PickedSchedule | null;
  /** In the viewer's zone when picked ("Every weekday at 09:00"), else the cron's words in UTC. */
  words: string;
  /** The cron's own words, in UTC. */
  utcWords: string;
  /** Said when the zone changes its clocks within the year: the local time moves then, since the cron is UTC. */
  clockChange: string | null;
}

/** What a stored UTC cron means for a viewer in `timeZone`. */
export function viewerSchedule(cron: string, timeZone: string, now: Date = new Date(), { clockChange: withChange = true } = {}): ViewerSchedule {
  const picked = cronToPicker(cron, timeZone, now);
  const utcWords = cronWordsUtc(cron);
  // A list of campaigns leaves the clock-change note out: it scans a year of offsets per campaign.
  const change = !withChange || timeZone === "UTC" || timeZone === "Etc/UTC" ? null : nextOffsetChange(timeZone, now);
  let clockChange: string | null = null;
  if (change) {
    const when = new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", year: "numeric" }).format(change.at);
    const after = picked ? cronToPicker(cron, timeZone, new Date(change.at.getTime() + 3_600_000)) : null;
    clockChange =
      after && picked && after.kind === picked.kind && after.kind !== "hours"
        ? `The schedule is kept in UTC: after the clocks change on ${when}, this is ${describePicked(after).replace(/^Every/, "every")} your time.`
        : `The schedule is kept in UTC: after the clocks change on ${when}, its local times move by ${Math.abs(change.offset - zoneOffsetMinutes(timeZone, now))} minutes.`;
  }
  return { picked, words: picked ? describePicked(picked) : `${utcWords} (UTC)`, utcWords, clockChange };
}
