// The fixed vocabularies of campaigns (SPEC 1.3 and "Agent runners"), with the names pages show for them.
export const PLATFORMS = ["forum", "federated"] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PLATFORM_LABELS: Record<Platform, string> = { forum: "Forum", federated: "Federated" };

export const SKILLS: Record<Platform, readonly string[]> = {
  forum: ["forum-scout", "forum-commenter", "forum-poster"],
  federated: ["federated-scout", "federated-commenter", "federated-poster"],
};

// What each skill drafts (SPEC 1.3: scouts write DMs, commenters comment replies, posters top-level posts).
export const SKILL_LABELS: Record<string, string> = {
  "forum-scout": "Forum scout (direct messages)",
  "forum-commenter": "Forum commenter (comment replies)",
  "forum-poster": "Forum poster (new posts)",
  "federated-scout": "Federated scout (direct messages)",
  "federated-commenter": "Federated commenter (replies)",
  "federated-poster": "Federated poster (new posts)",
};

/** A skill's name as the pages show it; the slug itself for one this server does not know. */
export function skillLabel(skill: string): string {
  return SKILL_LABELS[skill] ?? skill;
}

export function platformLabel(platform: string): string {
  return (PLATFORM_LABELS as Record<string, string>)[platform] ?? platform;
}

// `cloud` is the default-selected runner; the six local backends speak ACP (see lib/runners).
export const RUNNER_SLUGS = ["cloud", "claude-code", "codex", "gemini", "qwen", "auggie", "opencode"] as const;
export type RunnerSlug = (typeof RUNNER_SLUGS)[number];
