import type { ReactNode } from "react";
import { splitProfile } from "@/lib/campaigns/profile-form";
import { withoutFollowups } from "@/lib/followups/followup-form";
import { followupStepsOf } from "@/lib/followups/followup-steps";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2.5 text-sm sm:grid sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 min-w-0 break-words whitespace-pre-wrap text-zinc-900 sm:mt-0 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

const none = <span className="text-zinc-500 dark:text-zinc-400">Not set</span>;

function Chips({ values, label }: { values: string[]; label: string }) {
  if (values.length === 0) return none;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {values.map((v) => (
        <li key={v} className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-zinc-700 ring-1 ring-zinc-200 ring-inset dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700">
          {v}
        </li>
      ))}
    </ul>
  );
}

/** The campaign profile read back as fields, whole (never clipped); keys the form does not know are listed after. */
export function ProfileView({ config, platform }: { config: Record<string, unknown>; platform: string }) {
  if (Object.keys(config).length === 0) {
    return (
      <p className="text-sm text-zinc-500 dark:text-zinc-400" data-testid="profile-view">
        No profile yet. Generate profile has the agent write one, or fill it in under Edit campaign.
      </p>
    );
  }
  const { values: p, extra } = splitProfile(withoutFollowups(config));
  const steps = followupStepsOf(config);
  return (
    <dl className="-my-2.5 divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="profile-view">
      <Row label="Audience">{p.audience || none}</Row>
      <Row label={platform === "federated" ? "Hashtags" : "Communities"}>
        <Chips values={p.communities} label={platform === "federated" ? "Hashtags" : "Communities"} />
      </Row>
      <Row label="Tone">{p.tone || none}</Row>
      <Row label="Offer">{p.offer || none}</Row>
      <Row label="Rules">
        {p.rules.length === 0 ? (
          <span className="text-zinc-500 dark:text-zinc-400">None</span>
        ) : (
          <ol className="list-decimal space-y-1 pl-4 whitespace-normal">
            {p.rules.map((r, i) => (
              <li key={i}>{r.text}</li>
            ))}
          </ol>
        )}
      </Row>
      {p.keywords.length > 0 ? (
        <Row label="Keywords">
          <Chips values={p.keywords} label="Keywords" />
        </Row>
      ) : null}
      <Row label="Drafts per run">{p.maxDraftsPerRun ?? none}</Row>
      <Row label="Follow-ups">
        {steps.length === 0 ? (
          <span className="text-zinc-500 dark:text-zinc-400">None</span>
        ) : (
          <ol className="list-decimal space-y-1 pl-4 whitespace-normal" data-testid="followup-steps">
            {steps.map((s, i) => (
              <li key={i}>
                After {s.afterDays} {s.afterDays === 1 ? "day" : "days"} without a reply{s.guidance ? `: ${s.guidance}` : ""}
              </li>
            ))}
          </ol>
        )}
      </Row>
      {Object.entries(extra).map(([key, value]) => (
        <Row key={key} label={key}>
          {typeof value === "string" ? value : <code className="font-mono text-xs">{JSON.stringify(value, null, 2)}</code>}
        </Row>
      ))}
    </dl>
  );
}
