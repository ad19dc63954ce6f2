// Typed access to chrome.storage.local. Every key the extension keeps is listed here, so reset knows what to wipe.

export const KEYS = {
  pairings: "pairings",
  settings: "settings",
  activity: "activity",
  chatToken: "chatToken",
  chatState: "chatState",
  chatSince: "chatSince",
  lastTick: "lastTick",
} as const;

export type StorageKey = (typeof KEYS)[keyof typeof KEYS];

export async function read<T>(key: StorageKey): Promise<T | undefined> {
  const got = await chrome.storage.local.get(key);
  return got[key] as T | undefined;
}

export async function write(key: StorageKey, value: unknown): Promise<void> {
  await chrome.storage.local.set({ [key]: value });
}

export async function remove(keys: StorageKey[]): Promise<void> {
  await chrome.storage.local.remove(keys);
}
