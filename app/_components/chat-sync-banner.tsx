// The "chat sync paused" banner of the Inbox and People pages (SPEC "Extension routes", server effects): shown while
// any non-revoked extension device's latest report says the platform refused its chat token. Only the person can
// fix that, by opening the platform so the extension captures a fresh token.
import { getChatSyncHealth } from "@/lib/extension/get-chat-sync-health";
import { platformOrigins } from "@/lib/env";

export async function ChatSyncBanner({ orgId }: { orgId: number }) {
  const health = await getChatSyncHealth({ orgId });
  if (!health.chatUnauthorized) return null;
  const origin = platformOrigins()[0] ?? null;
  const names = health.devices.map((d) => d.name);
  const which = names.length === 1 ? `“${names[0]}”` : `${names.length} paired browsers`;
  return (
    <div
      role="alert"
      data-testid="chat-sync-banner"
      className="mb-5 flex flex-col gap-3 rounded-lg sm:flex-row sm:items-center sm:justify-between border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <div className="flex min-w-0 flex-1 items-start gap-2.5">
        <svg viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden="true">
          <path
            fillRule="evenodd"
            d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
            clipRule="evenodd"
          />
        </svg>
        <p>
          <span className="font-semibold">Chat sync is paused.</span> The platform refused the chat token of {which}, so new
          chat replies are not coming in. Open the platform in that browser and refresh the page; the extension picks up a
          fresh token by itself.
        </p>
      </div>
      {origin ? (
        <a
          href={origin}
          target="_blank"
          rel="noreferrer"
          className="shrink-0 rounded-md bg-amber-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-700 dark:bg-amber-500 dark:text-amber-950 dark:hover:bg-amber-400"
        >
          Open the platform
        </a>
      ) : null}
    </div>
  );
}
