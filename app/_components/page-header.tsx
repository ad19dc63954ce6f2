import type { ReactNode } from "react";

type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Small line above the title, e.g. a back link or breadcrumb. */
  eyebrow?: ReactNode;
  actions?: ReactNode;
};

/**
 * The page's title row. The actions sit at the top right, level with the title, whatever sits under either side (a
 * description, or a reason under a disabled button); the breadcrumb runs above both so it never pushes them apart.
 * When the title (at least 16rem of it) and the actions no longer fit side by side, the actions wrap under the title.
 */
export function PageHeader({ title, description, eyebrow, actions }: PageHeaderProps) {
  return (
    <header className="mb-6">
      {eyebrow ? <div className="mb-1 text-sm text-zinc-500 dark:text-zinc-400">{eyebrow}</div> : null}
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0 flex-1 basis-64">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-zinc-900 dark:text-zinc-50">
            {title}
          </h1>
          {description ? (
            <p className="mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
          ) : null}
        </div>
        {actions ? <div className="flex max-w-full shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
