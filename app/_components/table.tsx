import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cx } from "./cx";

/** A bordered, horizontally scrollable table. Use inside a Card with bodyClassName="p-0" or on its own. */
export function Table({ children, className, label }: { children: ReactNode; className?: string; label?: string }) {
  return (
    // A table wider than the screen scrolls inside this box; a keyboard user scrolls it once it has focus (WCAG 2.1.1),
    // and a screen reader names it after its table.
    <div
      tabIndex={0}
      role={label ? "region" : undefined}
      aria-label={label}
      className={cx(
        // relative: screen-reader-only labels (absolutely positioned) in a wide table scroll with it instead of
        // widening the page on a phone.
        "relative overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900",
        className,
      )}
    >
      <table className="w-full border-collapse text-left text-sm" aria-label={label}>
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="border-b border-zinc-200 bg-zinc-50 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-400">
      {children}
    </thead>
  );
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">{children}</tbody>;
}

export function Tr({ children, className, ...rest }: HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined }) {
  return (
    <tr className={cx("hover:bg-zinc-50/70 dark:hover:bg-zinc-800/40", className)} {...rest}>
      {children}
    </tr>
  );
}

export function Th({ className, children, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope="col" className={cx("px-4 py-2.5 font-medium", className)} {...rest}>
      {children}
    </th>
  );
}

export function Td({ className, children, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td className={cx("px-4 py-3 align-middle text-zinc-700 dark:text-zinc-300", className)} {...rest}>
      {children}
    </td>
  );
}
