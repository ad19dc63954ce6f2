// The one way the product writes a date or a time, on every page and in every mail: "Nov 29, 2026", "Nov 29, 2026,
// 14:05 UTC", "14:05 GMT+9", in a given time zone. English month names and a 24-hour clock (which Intl writes "00",
// never "24", with hourCycle h23), and the zone's name whenever a time is shown, since the same moment reads
// differently in each zone. Pages render on the server in UTC and switch to the viewer's zone in the browser
// (app/_components/local-time.tsx); mails use UTC. Relative words ("5 min ago") are in relative-time.ts.

const formats = new Map<string, Intl.DateTimeFormat>();

function format(kind: "date" | "dateTime" | "time" | "dayTime" | "day", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let f = formats.get(key);
  if (!f) {
    const time = { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" } as const;
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      date: { year: "numeric", month: "short", day: "numeric" },
      dateTime: { year: "numeric", month: "short", day: "numeric", ...time },
      time,
      dayTime: { month: "short", day: "numeric", ...time },
      day: { month: "short", day: "numeric" },
    };
    f = new Intl.DateTimeFormat("en-US", { ...options[kind], timeZone });
    formats.set(key, f);
  }
  return f;
}

type When = Date | string | number;

/** "Nov 29, 2026". */
export function formatDate(at: When, timeZone = "UTC"): string {
  return format("date", timeZone).format(new Date(at));
}

/** "Nov 29, 2026, 14:05 UTC". */
export function formatDateTime(at: When, timeZone = "UTC"): string {
  return format("dateTime", timeZone).format(new Date(at));
}

/** "14:05 UTC". */
export function formatTime(at: When, timeZone = "UTC"): string {
  return format("time", timeZone).format(new Date(at));
}

/** "Nov 29, 14:05 UTC": a time within the year, where the year goes without saying (a schedule, a send slot). */
export function formatDayTime(at: When, timeZone = "UTC"): string {
  return format("dayTime", timeZone).format(new Date(at));
}

/** "Nov 29": a day on a chart's axis. */
export function formatDay(at: When, timeZone = "UTC"): string {
  return format("day", timeZone).format(new Date(at));
}

/** The time today, or the day and time on another day: "14:05 UTC", "Nov 27, 09:05 UTC". */
export function formatWhen(at: When, now: When, timeZone = "UTC"): string {
  const sameDay = formatDate(at, timeZone) === formatDate(now, timeZone);
  return sameDay ? formatTime(at, timeZone) : formatDayTime(at, timeZone);
}
