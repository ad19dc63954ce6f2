import { describe, expect, it } from "vitest";
import { ACTIVITY_LIMIT, appendEntry, filterEntries, makeEntry, type ActivityEntry } from "./activity-log";

const at = (i: number) => new Date(Date.UTC(2026, 10, 22, 2, 0, i));

describe("activity ring buffer", () => {
  it("keeps the newest 500 entries, oldest first in storage", () => {
    let buffer: ActivityEntry[] = [];
    for (let i = 0; i < ACTIVITY_LIMIT + 37; i++) buffer = appendEntry(buffer, makeEntry("system", "info", `entry ${i}`, undefined, at(i)));
    expect(buffer).toHaveLength(500);
    expect(buffer[0]!.message).toBe("entry 37");
    expect(buffer.at(-1)!.message).toBe("entry 536");
  });

  it("does not change the buffer it was given", () => {
    const buffer = [makeEntry("system", "info", "a")];
    appendEntry(buffer, makeEntry("system", "info", "b"));
    expect(buffer).toHaveLength(1);
  });

  const log = [
    makeEntry("pairing", "info", "Paired with https://dash.example", { backend: "https://dash.example" }, at(1)),
    makeEntry("chat-sync", "warn", "Chat: unauthorized, chat sync paused", { status: "unauthorized", items: 0 }, at(2)),
    makeEntry("dm-sync", "error", "Delivery failed: HTTP 500", { backend: "https://other.example", httpStatus: 500 }, at(3)),
    makeEntry("reddit-action", "info", "Draft #42 sent", { draftId: 42 }, at(4)),
  ];

  it("lists newest first", () => {
    expect(filterEntries(log, {}).map((e) => e.source)).toEqual(["reddit-action", "dm-sync", "chat-sync", "pairing"]);
  });

  it("filters by level and by source", () => {
    expect(filterEntries(log, { levels: ["warn", "error"] }).map((e) => e.source)).toEqual(["dm-sync", "chat-sync"]);
    expect(filterEntries(log, { sources: ["pairing", "reddit-action"] }).map((e) => e.message)).toEqual(["Draft #42 sent", "Paired with https://dash.example"]);
    expect(filterEntries(log, { levels: ["info"], sources: ["dm-sync"] })).toEqual([]);
  });

  it("searches the message and the meta, case-insensitively", () => {
    expect(filterEntries(log, { search: "PAUSED" }).map((e) => e.source)).toEqual(["chat-sync"]);
    expect(filterEntries(log, { search: "other.example" }).map((e) => e.source)).toEqual(["dm-sync"]);
    expect(filterEntries(log, { search: '"draftId":42' }).map((e) => e.source)).toEqual(["reddit-action"]);
    expect(filterEntries(log, { search: "   " })).toHaveLength(4);
    expect(filterEntries(log, { search: "nothing like this" })).toEqual([]);
  });
});
