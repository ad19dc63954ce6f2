// Limits of the bulk routes that the inbox page shows too (it imports this file, not the server-only schemas).

/** "Select all matching": a bulk call given a filter acts on at most this many drafts, the newest first. */
export const BULK_FILTER_LIMIT = 5000;
