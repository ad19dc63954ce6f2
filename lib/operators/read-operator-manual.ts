// The operator's manual is the installation's own docs/ folder (docs/deploying.md first): the Operator area shows it
// as pages, so the people who run the service read the version of the manual that matches the build they run. Only
// operators reach it (app/(dashboard)/operator/manual/page.tsx), and only files named like `docs/<name>.md`.
import fs from "node:fs/promises";
import path from "node:path";

export const MANUAL_HOME = "deploying";
const NAME = /^[a-z0-9][a-z0-9-]{0,59}$/;

export interface OperatorManualPage {
  doc: string;
  /** The document's first heading, or its file name. */
  title: string;
  markdown: string;
}

/** Where a link of the manual goes once shown in the app: sibling documents become manual pages; a link to any other
 * file of the checkout (source, README) is shown as its path, since the app does not serve it. */
export function rewriteManualLinks(markdown: string): string {
  return markdown.replace(/(!?)\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, bang: string, label: string, target: string) => {
    if (bang || /^(https?:|mailto:|#)/i.test(target)) return whole;
    const sibling = /^(?:\.\/)?([a-z0-9][a-z0-9-]*)\.md(#[\w-]+)?$/i.exec(target);
    if (sibling) return `[${label}](/operator/manual?doc=${sibling[1]!.toLowerCase()}${sibling[2] ?? ""})`;
    return label === target || label === `\`${target}\`` ? `\`${target}\`` : `${label} (\`${target}\`)`;
  });
}

/** docs/<doc>.md of this installation, its links made to work in the app; null for a name that is not a document. */
export async function readOperatorManual(doc: string, docsDir = path.join(process.cwd(), "docs")): Promise<OperatorManualPage | null> {
  if (!NAME.test(doc)) return null;
  let markdown: string;
  try {
    markdown = await fs.readFile(path.join(docsDir, `${doc}.md`), "utf8");
  } catch {
    return null;
  }
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? doc;
  return { doc, title, markdown: rewriteManualLinks(markdown) };
}
