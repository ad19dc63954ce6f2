// Renders Markdown written by agents or people (project insight briefs, playbook previews) as React elements.
// Safe by construction: raw HTML in the source is shown as the literal text it is (never interpreted, and never
// silently dropped, so a brief reads verbatim), nothing goes through dangerouslySetInnerHTML, and link/image URLs
// pass react-markdown's default transform, which blanks `javascript:` and other unsafe schemes.
// GitHub-flavoured extras (tables, task lists, strikethrough, autolinks) come from remark-gfm. No "use client":
// it renders in server components and inside client components (a live preview) alike.
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import type { ReactElement } from "react";
import { cx } from "./cx";
import { headingSlug } from "./heading-slug";

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** remark plugin: raw HTML nodes become plain text nodes, so `<script>` is displayed, not run or dropped. */
function htmlAsText() {
  const BLOCK_CONTAINERS = new Set(["root", "blockquote", "listItem", "footnoteDefinition"]);
  const walk = (node: MdNode) => {
    node.children = node.children?.map((child) => {
      if (child.type !== "html") return (walk(child), child);
      const text: MdNode = { type: "text", value: child.value };
      // A block of HTML becomes a paragraph of text; inline HTML stays inline.
      return BLOCK_CONTAINERS.has(node.type) ? { type: "paragraph", children: [text] } : text;
    });
  };
  return (tree: MdNode) => walk(tree);
}

const components: Components = {
  h1: ({ node: _n, ...p }) => <h1 className="mt-6 mb-3 text-xl font-semibold first:mt-0" {...p} />,
  h2: ({ node: _n, ...p }) => <h2 className="mt-6 mb-2 text-lg font-semibold first:mt-0" {...p} />,
  h3: ({ node: _n, ...p }) => <h3 className="mt-5 mb-2 text-base font-semibold first:mt-0" {...p} />,
  h4: ({ node: _n, ...p }) => <h4 className="mt-4 mb-1.5 text-sm font-semibold first:mt-0" {...p} />,
  h5: ({ node: _n, ...p }) => <h5 className="mt-4 mb-1.5 text-sm font-semibold first:mt-0" {...p} />,
  h6: ({ node: _n, ...p }) => <h6 className="mt-4 mb-1.5 text-sm font-medium text-zinc-600 first:mt-0 dark:text-zinc-400" {...p} />,
  p: ({ node: _n, ...p }) => <p className="my-3 leading-relaxed first:mt-0 last:mb-0" {...p} />,
  a: ({ node: _n, href, ...p }) => {
    const external = typeof href === "string" && /^https?:\/\//i.test(href);
    return (
      <a
        href={href}
        className="font-medium text-indigo-600 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-600 dark:text-indigo-400 dark:decoration-indigo-500/50"
        {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
        {...p}
      />
    );
  },
  ul: ({ node: _n, className, ...p }) => (
    <ul className={cx("my-3 space-y-1 pl-5", className?.includes("contains-task-list") ? "list-none pl-1" : "list-disc")} {...p} />
  ),
  ol: ({ node: _n, ...p }) => <ol className="my-3 list-decimal space-y-1 pl-5" {...p} />,
  li: ({ node: _n, ...p }) => <li className="leading-relaxed marker:text-zinc-400" {...p} />,
  blockquote: ({ node: _n, ...p }) => (
    <blockquote className="my-3 border-l-2 border-zinc-300 pl-4 text-zinc-600 dark:border-zinc-700 dark:text-zinc-400" {...p} />
  ),
  hr: ({ node: _n, ...p }) => <hr className="my-6 border-zinc-200 dark:border-zinc-800" {...p} />,
  pre: ({ node: _n, ...p }) => (
    <pre tabIndex={0}
      className="my-3 overflow-x-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs leading-relaxed dark:border-zinc-800 dark:bg-zinc-950 [&>code]:bg-transparent [&>code]:p-0"
      {...p}
    />
  ),
  code: ({ node: _n, ...p }) => (
    <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] dark:bg-zinc-800" {...p} />
  ),
  table: ({ node: _n, ...p }) => (
    <div tabIndex={0} className="relative my-3 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm" {...p} />
    </div>
  ),
  th: ({ node: _n, ...p }) => (
    <th className="border-b border-zinc-300 px-3 py-1.5 font-semibold dark:border-zinc-700" {...p} />
  ),
  td: ({ node: _n, ...p }) => <td className="border-b border-zinc-200 px-3 py-1.5 align-top dark:border-zinc-800" {...p} />,
  img: ({ node: _n, alt, ...p }) => (
    // eslint-disable-next-line @next/next/no-img-element -- arbitrary Markdown images cannot go through next/image
    <img alt={alt ?? ""} className="my-3 max-w-full rounded-md" loading="lazy" {...p} />
  ),
  input: ({ node: _n, ...p }) => <input className="mr-1.5 align-middle" {...p} disabled />,
};

interface HastNode {
  type: string;
  value?: string;
  children?: HastNode[];
}

const textOf = (node: HastNode | undefined): string => (node?.type === "text" ? (node.value ?? "") : (node?.children ?? []).map(textOf).join(""));

/** Headings with ids, for a long document whose sections are linked to (the operator's manual). */
const anchored: Components = Object.fromEntries(
  (["h1", "h2", "h3", "h4"] as const).map((tag) => {
    const Plain = components[tag] as (p: Record<string, unknown>) => ReactElement;
    return [tag, ({ node, ...p }: { node?: HastNode }) => <Plain {...p} id={headingSlug(textOf(node))} />];
  }),
);

export function Markdown({ children, className, anchors = false }: { children: string; className?: string; anchors?: boolean }) {
  return (
    <div className={cx("min-w-0 text-sm break-words text-zinc-800 dark:text-zinc-200", className)} data-markdown="">
      <ReactMarkdown remarkPlugins={[remarkGfm, htmlAsText]} components={anchors ? { ...components, ...anchored } : components} skipHtml>
        {children}
      </ReactMarkdown>
    </div>
  );
}
