// The chat token is the platform's own: the platform's pages call the chat homeserver with
// `Authorization: Bearer <token>`, and the service worker watches those requests (webRequest, read only) to capture
// it and every refresh. Requests the extension makes itself (tabId -1) are ignored.
import { config } from "./config";
import { logActivity } from "./activity-log";
import { KEYS, read, write } from "./storage";

export interface ChatToken {
  token: string;
  capturedAt: string;
}

export async function getChatToken(): Promise<ChatToken | undefined> {
  return read<ChatToken>(KEYS.chatToken);
}

export function watchChatToken(onCaptured: () => void): void {
  chrome.webRequest.onBeforeSendHeaders.addListener(
    (details) => {
      if (details.tabId < 0) return undefined;
      const header = details.requestHeaders?.find((h) => h.name.toLowerCase() === "authorization")?.value;
      const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
      if (token) void remember(token).then((changed) => changed && onCaptured());
      return undefined;
    },
    { urls: [`${config.matrixBase}/_matrix/*`] },
    ["requestHeaders", "extraHeaders"],
  );
}

async function remember(token: string): Promise<boolean> {
  const previous = await getChatToken();
  if (previous?.token === token) return false;
  await write(KEYS.chatToken, { token, capturedAt: new Date().toISOString() } satisfies ChatToken);
  // Never log the token itself: a short fingerprint is enough to tell two apart.
  await logActivity("matrix-token", "info", previous ? "Chat token refreshed" : "Chat token captured", { fingerprint: `${token.slice(0, 4)}…${token.slice(-4)}` });
  return true;
}
