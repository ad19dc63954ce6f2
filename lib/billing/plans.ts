// The plans, as data (docs/cloud-edition.md). A plan includes cloud-runner minutes per billing period and a number
// of members; local runners are never limited. Pro's minutes beyond the included ones are billed through the
// cloud-run meter; Free's are refused.
export interface Plan {
  slug: "free" | "pro";
  label: string;
  /** Cloud-runner minutes included per billing period. */
  includedMinutes: number;
  /** Members (and pending invites) an organization may have. */
  members: number;
  /** Projects an organization may have. */
  projects: number;
  /** What every project's handed-over source (archives, repositories) may take on disk together, in MB. */
  sourceStorageMb: number;
  /** What a person reads next to the plan. */
  price: string;
  /** Usage past the included minutes: refused (Free) or billed per minute through the meter (Pro). */
  overage: "refused" | "metered";
}

export const PLANS: readonly Plan[] = [
  { slug: "free", label: "Free", includedMinutes: 60, members: 3, projects: 10, sourceStorageMb: 1_024, price: "$0", overage: "refused" },
  { slug: "pro", label: "Pro", includedMinutes: 2_000, members: 25, projects: 100, sourceStorageMb: 10_240, price: "$29 / month, then $0.02 per cloud-run minute", overage: "metered" },
];

export function planOf(slug: string | null | undefined): Plan {
  return PLANS.find((p) => p.slug === slug) ?? PLANS[0]!;
}

/** Subscription states in which a paid plan is in force (Stripe's `past_due` keeps service while it retries). */
export const ACTIVE_SUBSCRIPTION = new Set(["active", "trialing", "past_due"]);
