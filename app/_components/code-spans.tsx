import { Fragment } from "react";

/** A sentence whose `backticked` parts (commands, variable names) render as code, the way a person would type them. */
export function CodeSpans({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-black/5 px-1 py-px font-mono text-[0.85em] dark:bg-white/10">
            {part}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
