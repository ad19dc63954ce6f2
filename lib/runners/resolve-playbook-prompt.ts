// The playbook a run executes: its snapshot (runs.playbook_body), or for a run without one (legacy rows and kinds
// that are not campaign runs) the built-in file playbooks/<slug>.md (SPEC "Playbook snapshot").
import { readFile } from "node:fs/promises";
import path from "node:path";

export const PLAYBOOKS_DIR = path.join(process.cwd(), "playbooks");

export async function resolvePlaybookPrompt(run: { playbookBody: string | null; playbookSlug: string | null }): Promise<{ body: string; source: "snapshot" | "file" } | null> {
  if (run.playbookBody) return { body: run.playbookBody, source: "snapshot" };
  if (!run.playbookSlug || !/^[a-z0-9-]+$/.test(run.playbookSlug)) return null;
  try {
    return { body: await readFile(path.join(PLAYBOOKS_DIR, `${run.playbookSlug}.md`), "utf8"), source: "file" };
  } catch {
    return null;
  }
}
