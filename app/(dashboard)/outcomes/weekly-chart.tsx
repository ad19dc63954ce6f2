"use client";

// The weekly funnel as grouped bars (recharts): drafted, approved, sent and replied per UTC week, from the first week
// with drafts (lib/outcomes/chart-weeks.ts), labelled at even steps.
import { formatDay } from "@/lib/format/date-time";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { OutcomeWeek } from "@/lib/outcomes/schemas";
import { chartWeeks, labelInterval } from "@/lib/outcomes/chart-weeks";

const SERIES = [
  { key: "drafted", name: "Drafted", color: "#a1a1aa" },
  { key: "approved", name: "Approved", color: "#6366f1" },
  { key: "sent", name: "Sent", color: "#0ea5e9" },
  { key: "replied", name: "Replied", color: "#10b981" },
] as const;

const label = (week: string) => formatDay(new Date(`${week}T00:00:00Z`));

export function WeeklyChart({ weeks: all }: { weeks: OutcomeWeek[] }) {
  const weeks = chartWeeks(all);
  return (
    <div className="h-64 w-full text-zinc-500 dark:text-zinc-400" data-testid="weekly-chart" data-weeks={weeks.length}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={weeks} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} barGap={1}>
          <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
          <XAxis dataKey="week" tickFormatter={label} interval={labelInterval(weeks.length)} tick={{ fill: "currentColor", fontSize: 11 }} stroke="currentColor" strokeOpacity={0.3} />
          <YAxis allowDecimals={false} tick={{ fill: "currentColor", fontSize: 11 }} stroke="currentColor" strokeOpacity={0.3} />
          <Tooltip
            labelFormatter={(w) => `Week of ${label(String(w))}`}
            cursor={{ fill: "currentColor", fillOpacity: 0.06 }}
            contentStyle={{ background: "var(--color-tooltip-bg, #18181b)", border: "none", borderRadius: 6, color: "#fafafa", fontSize: 12 }}
            itemStyle={{ color: "#fafafa" }}
            labelStyle={{ color: "#fafafa" }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {SERIES.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={[2, 2, 0, 0]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
