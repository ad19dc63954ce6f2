// The dashboard's one way of saying when: relative ("5 min ago", "in 2 h") near now, a date further away, and the
// absolute time in the viewer's own time zone for the tooltip. app/_components/relative-time.tsx renders it.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CLOCK_SKEW_MS = 15_000;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const fullFormats = new Map<string, Intl.DateTimeFormat>();

function cached(map: Map<string, Intl.DateTimeFormat>, key: string, make: () => Intl.DateTimeFormat) {
  let f = map.get(key);
  if (!f) map.set(key, (f = make()));
  return f;
}

/** "just now", "5 min ago", "3 h ago", "2 d ago", "in 20 min"; beyond a week the date ("Nov 3, 2026"). */
export function formatRelative(at: Date | string, now: number, timeZone = "UTC"): string {
  const t = new Date(at).getTime();
  const diff = now - t;
  const abs = Math.abs(diff);
  const say = (n: number, unit: string) => (diff >= 0 ? `${n} ${unit} ago` : `in ${n} ${unit}`);
  // The server's clock and the viewer's differ by a few seconds: something that just happened is never "in a moment".
  if (abs < MINUTE) return diff >= -CLOCK_SKEW_MS ? "just now" : "in a moment";
  if (abs < HOUR) return say(Math.floor(abs / MINUTE), "min");
  if (abs < DAY) return say(Math.floor(abs / HOUR), "h");
  if (abs < 7 * DAY) return say(Math.floor(abs / DAY), "d");
  return cached(dayFormats, timeZone, () => new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone })).format(new Date(t));
}

/** "Nov 26, 2026, 14:05:09 GMT+1": the tooltip, in the viewer's time zone with its name. */
export function formatAbsolute(at: Date | string, timeZone = "UTC"): string {
  return cached(fullFormats, timeZone, () =>
    new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZone,
      timeZoneName: "short",
    }),
  ).format(new Date(at));
}
