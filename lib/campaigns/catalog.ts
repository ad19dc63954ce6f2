// The fixed vocabularies of campaigns (SPEC 1.3 and "Agent runners").
export const PLATFORMS = ["forum", "federated"] as const;
export type Platform = (typeof PLATFORMS)[number];

export const SKILLS: Record<Platform, readonly string[]> = {
  forum: ["forum-scout", "forum-commenter", "forum-poster"],
  federated: ["federated-scout", "federated-commenter", "federated-poster"],
};

// `cloud` is the default-selected runner; the six local backends speak ACP (see lib/runners).
export const RUNNER_SLUGS = ["cloud", "claude-code", "codex", "gemini", "qwen", "auggie", "opencode"] as const;
export type RunnerSlug = (typeof RUNNER_SLUGS)[number];
