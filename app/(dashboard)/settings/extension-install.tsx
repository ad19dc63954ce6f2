// The extension, offered from the app: a download of the copy this server built for itself, and the steps to install
// it in a Chromium browser (Chrome, Edge, Brave, Arc). Each browser then pairs with its own token.
import { buttonClasses } from "@/app/_components/button";

export function ExtensionInstall({ autoPairs }: { autoPairs: boolean }) {
  return (
    <section aria-labelledby="extension-install-title" className="rounded-md border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id="extension-install-title" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            Install in Chrome, Edge or another Chromium browser
          </h3>
          <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">Built for this dashboard. It works in the browser you send messages from.</p>
        </div>
        {/* A plain link: a download, not a page Next should route to. */}
        <a href="/extension.zip" download className={buttonClasses("primary", "sm")}>
          Download the extension
        </a>
      </div>
      <ol className="mt-4 list-decimal space-y-1.5 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
        <li>Unzip the download. It holds one folder, <span className="font-medium">outreach-extension</span>.</li>
        <li>
          Open the browser&apos;s extensions page (in Chrome, type <span className="font-mono text-xs">chrome://extensions</span> in the address
          bar) and turn on <span className="font-medium">Developer mode</span>.
        </li>
        <li>
          Choose <span className="font-medium">Load unpacked</span> and pick the <span className="font-medium">outreach-extension</span> folder.
        </li>
        <li>Pin it from the puzzle-piece menu; its icon opens the side panel with your pairings, activity and settings.</li>
        <li>
          {autoPairs
            ? "Come back to this dashboard while signed in: the extension pairs by itself."
            : "Pair it: open the side panel on a dashboard tab and choose Pair with this tab, or enter a code generated below."}
        </li>
      </ol>
    </section>
  );
}
