// A campaign's cron in words for the campaign page ("At 09:00, Monday through Friday (UTC)"), with its next slots.
import cronstrue from "cronstrue";
import { upcomingSlots } from "@/lib/campaigns/campaign-schedule";

export function describeSchedule(cron: string): string {
  try {
    return `${cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: false })} (UTC)`;
  } catch {
    // Stored crons were validated, but an older row may not read: show it as written.
    return cron;
  }
}

export interface ScheduleView {
  cron: string;
  words: string;
  /** The next three slots, ISO strings, in order. */
  upcoming: string[];
}

export function scheduleView(cron: string, now: Date = new Date()): ScheduleView {
  return { cron, words: describeSchedule(cron), upcoming: upcomingSlots(cron, 3, now).map((d) => d.toISOString()) };
}
