// The playbooks that ship with the app (SPEC "Agent runners and playbooks", "Per-playbook contracts"). Their text
// lives in playbooks/<slug>.md at the repository root; every organization gets a read-only copy of each
// (seed-builtin-playbooks.ts), which runs snapshot when they start.
import { readFile } from "node:fs/promises";
import path from "node:path";

export interface BuiltinPlaybook {
  slug: string;
  title: string;
  /** One line for the playbooks list. */
  purpose: string;
}

export const BUILTIN_PLAYBOOKS: readonly BuiltinPlaybook[] = [
  { slug: "forum-scout", title: "Forum scout", purpose: "Finds people on the forum who asked for what the project does and drafts a short direct message to each." },
  { slug: "forum-commenter", title: "Forum commenter", purpose: "Finds forum threads where the project genuinely helps and drafts a reply comment in the thread." },
  { slug: "forum-poster", title: "Forum poster", purpose: "Drafts one or two top-level forum posts that fit a community's rules and what it is talking about." },
  { slug: "federated-scout", title: "Federated scout", purpose: "Follows the campaign's hashtags on the federated platform and drafts replies; a DM only for someone who engaged or asked." },
  { slug: "federated-commenter", title: "Federated commenter", purpose: "Drafts public replies to federated-platform posts where the project answers the question being asked." },
  { slug: "federated-poster", title: "Federated poster", purpose: "Drafts an occasional top-level post for the campaign's hashtags on the federated platform." },
  { slug: "draft-regenerator", title: "Draft regenerator", purpose: "Rewrites one draft following the reviewer's hint, keeping its voice, target and platform limits." },
  { slug: "reply-drafter", title: "Reply drafter", purpose: "Writes one short continuation to a conversation after the other person replied." },
  { slug: "followup-drafter", title: "Follow-up drafter", purpose: "Writes one short follow-up to a person who has not answered a message the team sent." },
  { slug: "project-insighter", title: "Project insighter", purpose: "Writes a short Markdown brief on what works in a project's outreach, citing drafts and messages." },
  { slug: "project-extractor", title: "Project extractor", purpose: "Reads the project's source and writes the project description the other playbooks rely on." },
  { slug: "campaign-skill-generator", title: "Campaign skill generator", purpose: "Writes a campaign's profile (audience, communities, tone, offer, rules) that matches the skill's schema." },
];

export const BUILTIN_SLUGS: readonly string[] = BUILTIN_PLAYBOOKS.map((p) => p.slug);

/** playbooks/ under the working directory: the app runs with `next start` (and the CLI with tsx) from the repository root. */
export function builtinPlaybooksDir(): string {
  return path.join(process.cwd(), "playbooks");
}

export function isBuiltinSlug(slug: string): boolean {
  return BUILTIN_SLUGS.includes(slug);
}

/** The Markdown of one built-in; throws for a slug that is not a built-in (the file name is never taken from input). */
export async function loadBuiltinPlaybook(slug: string): Promise<string> {
  if (!isBuiltinSlug(slug)) throw new Error(`Not a built-in playbook: ${slug}`);
  const file = path.join(builtinPlaybooksDir(), `${slug}.md`);
  try {
    return await readFile(file, "utf8");
  } catch (err) {
    throw new Error(`Built-in playbook ${file} could not be read (start the app from the repository root): ${(err as Error).message}`);
  }
}
