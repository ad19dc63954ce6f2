"use client";

// The judge's calibration: reviewers' approval rate per quality-score band (recharts). A well-calibrated score rises
// from left to right.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ScoreBand } from "@/lib/outcomes/judge-schemas";

export function CalibrationChart({ bands, threshold }: { bands: ScoreBand[]; threshold: number | null }) {
  const data = bands.map((b) => ({
    band: `${b.min}–${b.max}`,
    rate: b.approvalRate === null ? 0 : Math.round(b.approvalRate * 100),
    decided: b.approved + b.rejected,
    approved: b.approved,
    below: threshold !== null && b.max < threshold,
  }));
  return (
    <div className="h-56 w-full text-zinc-500 dark:text-zinc-400" data-testid="calibration-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
          <XAxis dataKey="band" tick={{ fill: "currentColor", fontSize: 11 }} stroke="currentColor" strokeOpacity={0.3} interval={0} angle={-30} textAnchor="end" height={40} />
          <YAxis domain={[0, 100]} unit="%" tick={{ fill: "currentColor", fontSize: 11 }} stroke="currentColor" strokeOpacity={0.3} />
          <Tooltip
            cursor={{ fill: "currentColor", fillOpacity: 0.06 }}
            contentStyle={{ background: "#18181b", border: "none", borderRadius: 6, color: "#fafafa", fontSize: 12 }}
            itemStyle={{ color: "#fafafa" }}
            labelStyle={{ color: "#fafafa" }}
            labelFormatter={(band) => `Score ${band}`}
            formatter={(_v, _n, item) => {
              const p = item.payload as (typeof data)[number];
              return [p.decided === 0 ? "no decisions" : `${p.rate}% approved (${p.approved} of ${p.decided})`, "Reviewers"];
            }}
          />
          <Bar dataKey="rate" isAnimationActive={false} radius={[2, 2, 0, 0]}
            shape={(props: unknown) => {
              const p = props as { x: number; y: number; width: number; height: number; payload: (typeof data)[number] };
              if (p.payload.decided === 0) return <g />;
              // A band reviewers rejected entirely (0%) still shows, as a red line on the axis.
              if (p.payload.rate === 0) return <rect x={p.x} y={p.y - 3} width={p.width} height={3} fill="#f43f5e" />;
              return <rect x={p.x} y={p.y} width={p.width} height={Math.max(0, p.height)} rx={2} fill={p.payload.below ? "#a1a1aa" : "#6366f1"} />;
            }}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
