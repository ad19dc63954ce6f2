// How each agent runner is signed in, in words for the pages that tell a person to do it (the campaign page's failure
// notice, Settings > Agent runners). The commands and variables are the CLIs' own (their install hints in
// lib/runners/backends.ts); the agent runs as the dashboard's user with the dashboard's environment, so that is where
// the sign-in or the key must be.
import { CLOUD_RUNNER } from "@/lib/runners/backends";
import { runnerLabel } from "@/lib/runners/runner-label";
import { isCloudEdition } from "@/lib/edition/edition";

const KNOWN: Record<string, { signIn: string; keyVariable: string | null }> = {
  "claude-code": { signIn: "run `claude` once and sign in with `/login`", keyVariable: "ANTHROPIC_API_KEY" },
  codex: { signIn: "run `codex login`", keyVariable: "OPENAI_API_KEY" },
  gemini: { signIn: "run `gemini` once and choose how to sign in", keyVariable: "GEMINI_API_KEY" },
  qwen: { signIn: "run `qwen` once and sign in", keyVariable: null },
  auggie: { signIn: "run `auggie login`", keyVariable: null },
  opencode: { signIn: "run `opencode auth login`", keyVariable: null },
};

/** One plain sentence: what to do so the runner can sign in (`backticks` mark what is typed). */
export function runnerSignInFix(slug: string): string {
  if (slug === CLOUD_RUNNER.slug && isCloudEdition()) {
    // The service's own sign-in to its runner: nothing a customer can fix, and no variable to name to them.
    return "The service's cloud runner could not sign in. Try again in a few minutes; if it keeps failing, contact support.";
  }
  if (slug === CLOUD_RUNNER.slug) {
    return "Get a new cloud runner token (Settings > Cloud runner in the cloud edition, or `npm run relay:token -- issue` for a relay of your own), set it as `OUTREACH_CLOUD_TOKEN` and restart the dashboard.";
  }
  const known = KNOWN[slug];
  if (known) {
    const key = known.keyVariable ? `, or set \`${known.keyVariable}\` in the dashboard's environment and restart it` : "";
    return `On the machine that runs the dashboard, as the user it runs as, ${known.signIn}${key}.`;
  }
  // A backend added through OUTREACH_EXTRA_BACKENDS: nothing is known of how it signs in beyond that it must.
  return `Sign ${runnerLabel(slug)} in on the machine that runs the dashboard, as the user it runs as, or give it its API key in the dashboard's environment and restart it.`;
}
