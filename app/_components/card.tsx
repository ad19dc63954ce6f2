import type { ReactNode } from "react";
import { cx } from "./cx";

type CardProps = {
  /** An anchor for links to this card (/settings#browser-extension). */
  id?: string;
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  bodyClassName?: string;
  /** No body padding: for tables and lists that run edge to edge. */
  flush?: boolean;
  children?: ReactNode;
};

export function Card({ id, title, description, actions, className, bodyClassName, flush, children }: CardProps) {
  return (
    <section
      id={id}
      className={cx(
        "rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900",
        className,
      )}
    >
      {title || actions ? (
        <header className="flex items-center justify-between gap-4 border-b border-zinc-200 px-5 py-4 dark:border-zinc-800">
          <div className="min-w-0">
            {title ? <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</h2> : null}
            {description ? <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">{description}</p> : null}
          </div>
          {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
        </header>
      ) : null}
      <div className={cx(!flush && "px-5 py-4", bodyClassName)}>{children}</div>
    </section>
  );
}
