// The operator's manual, read from this installation's docs/ folder (lib/operators/read-operator-manual.ts): the
// Operator area links here. Operators only; a customer gets the same 404 as for the Operator area itself.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Card } from "@/app/_components/card";
import { Markdown } from "@/app/_components/markdown";
import { PageHeader } from "@/app/_components/page-header";
import { getPageContext } from "@/lib/auth/page-context";
import { isOperator } from "@/lib/operators/is-operator";
import { MANUAL_HOME, readOperatorManual } from "@/lib/operators/read-operator-manual";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Operator's manual" };

export default async function OperatorManualPage({ searchParams }: { searchParams: Promise<{ doc?: string | string[] }> }) {
  const caller = await getPageContext();
  if (!(await isOperator(caller))) notFound();
  // `?doc=a&doc=b` arrives as a list: not a document's name.
  const asked = (await searchParams).doc;
  const doc = asked === undefined ? MANUAL_HOME : typeof asked === "string" ? asked : "";
  const manual = await readOperatorManual(doc);
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/operator" className="hover:underline">
            Operator
          </Link>
        }
        title={manual?.title ?? "Not in the manual"}
        description={manual ? `docs/${manual.doc}.md of this installation, for the build it runs.` : undefined}
        actions={
          manual && manual.doc !== MANUAL_HOME ? (
            <Link href="/operator/manual" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              Operator&apos;s manual
            </Link>
          ) : null
        }
      />
      <Card>
        {manual ? (
          // The title is the page's heading already.
          <Markdown anchors>{manual.markdown.replace(/^#\s+.+\n/m, "")}</Markdown>
        ) : (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            This installation&apos;s docs folder has no document named &quot;{doc.slice(0, 60)}&quot;.{" "}
            <Link href="/operator/manual" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              Open the manual
            </Link>
          </p>
        )}
      </Card>
    </>
  );
}
