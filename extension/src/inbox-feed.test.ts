import { describe, expect, it } from "vitest";
import { isCommentReply, isPrivateMessage, MAX_PER_KIND, splitInbox, type Thing } from "./inbox-feed";
import { parseHandoff, resolveHandoff } from "./handoff";
import { backendKey } from "../../lib/drafts/handoff-link";
import { chatItems } from "./chat-feed";

const pm = (over: Record<string, unknown> = {}): Thing => ({
  kind: "t4",
  data: { id: "2abcd9", name: "t4_2abcd9", author: "alice", dest: "our_account", subject: "re: Hello", body: "Thanks, tell me more", created_utc: 1_790_000_000, first_message_name: "t4_2abcd1", parent_id: "t4_2abcd1", subreddit: null, was_comment: false, ...over },
});
const reply = (over: Record<string, unknown> = {}): Thing => ({
  kind: "t1",
  data: { id: "k1x9", name: "t1_k1x9", author: "bob", dest: "our_account", body: "Good point", created_utc: 1_790_000_100, parent_id: "t1_ours", link_title: "Launch", subreddit: "SaaS", context: "/r/SaaS/comments/abc123/launch/k1x9/?context=3", was_comment: true, type: "comment_reply", ...over },
});
const listing = (...children: unknown[]) => ({ kind: "Listing", data: { after: null, children } });

describe("inbox feed matchers", () => {
  it("takes a person's private message and a comment reply", () => {
    expect(isPrivateMessage(pm())).toBe(true);
    expect(isCommentReply(reply())).toBe(true);
    expect(isCommentReply(pm())).toBe(false);
    expect(isPrivateMessage(reply())).toBe(false);
  });

  it("leaves out mod mail, admin notices, deleted authors and things missing a field", () => {
    expect(isPrivateMessage(pm({ subreddit: "SaaS" }))).toBe(false);
    expect(isPrivateMessage(pm({ distinguished: "admin" }))).toBe(false);
    expect(isPrivateMessage(pm({ author: "[deleted]" }))).toBe(false);
    expect(isPrivateMessage(pm({ body: undefined }))).toBe(false);
    expect(isPrivateMessage(pm({ created_utc: "yesterday" }))).toBe(false);
    expect(isCommentReply(reply({ was_comment: false }))).toBe(false);
    expect(isCommentReply(reply({ parent_id: undefined }))).toBe(false);
  });
});

describe("splitInbox", () => {
  it("splits a listing into items[] and comments[] with the feed's own fields", () => {
    const split = splitInbox(listing(pm(), reply(), pm({ subreddit: "mods" }), { kind: "more" }));
    expect(split.items).toEqual([
      { id: "2abcd9", name: "t4_2abcd9", author: "alice", body: "Thanks, tell me more", created_utc: 1_790_000_000, dest: "our_account", subject: "re: Hello", first_message_name: "t4_2abcd1", parent_id: "t4_2abcd1" },
    ]);
    expect(split.comments).toHaveLength(1);
    expect(split.comments[0]).toMatchObject({ id: "k1x9", author: "bob", parent_id: "t1_ours", subreddit: "SaaS", link_title: "Launch", context: "/r/SaaS/comments/abc123/launch/k1x9/?context=3", link_id: "t3_abc123" });
    expect(split.comments[0]).not.toHaveProperty("was_comment");
    expect(split.skipped).toBe(2);
  });

  it("keeps a link_id the feed gives, and leaves it out when the context names no post", () => {
    expect(splitInbox(listing(reply({ link_id: "t3_zzz" }))).comments[0]!.link_id).toBe("t3_zzz");
    expect(splitInbox(listing(reply({ context: "" }))).comments[0]).not.toHaveProperty("link_id");
  });

  it("answers nothing for what is not a listing (a signed-out page, an error object)", () => {
    expect(splitInbox({ error: 403 })).toEqual({ items: [], comments: [], skipped: 0 });
    expect(splitInbox(null)).toEqual({ items: [], comments: [], skipped: 0 });
    expect(splitInbox({ kind: "Listing", data: { children: "nope" } }).items).toEqual([]);
  });

  it("keeps the newest page within the route's per-call limit", () => {
    const many = Array.from({ length: MAX_PER_KIND + 20 }, (_, i) => pm({ id: `m${i}` }));
    const split = splitInbox(listing(...many));
    expect(split.items).toHaveLength(MAX_PER_KIND);
    expect(split.items[0]!.id).toBe("m0");
  });
});

describe("parseHandoff and resolveHandoff", () => {
  const dash = "https://dash.example";
  it("reads the draft id and the backend's key from the fragment, and resolves the key among the pairings", () => {
    const link = parseHandoff(`https://www.forum.example/message/compose?to=alice#outreach_draft=42&outreach_via=${backendKey(dash)}`);
    expect(link).toEqual({ draftId: 42, via: backendKey(dash) });
    expect(resolveHandoff(link!, ["https://other.example", dash])).toEqual({ draftId: 42, backend: dash });
    // A dashboard this browser is not paired with resolves to nothing.
    expect(resolveHandoff(link!, ["https://other.example"])).toBeNull();
  });

  it("refuses pages that are not a hand-off or carry a bad id or key, and the old query form", () => {
    expect(parseHandoff("https://www.forum.example/message/compose?to=alice")).toBeNull();
    expect(parseHandoff("https://www.forum.example/#outreach_draft=42")).toBeNull();
    expect(parseHandoff(`https://www.forum.example/#outreach_draft=4x2&outreach_via=${backendKey(dash)}`)).toBeNull();
    expect(parseHandoff(`https://www.forum.example/#outreach_draft=0&outreach_via=${backendKey(dash)}`)).toBeNull();
    expect(parseHandoff("https://www.forum.example/#outreach_draft=42&outreach_via=javascript:alert(1)")).toBeNull();
    expect(parseHandoff("https://www.forum.example/?outreach_draft=42&outreach_backend=https%3A%2F%2Fdash.example")).toBeNull();
  });
});

describe("chatItems", () => {
  it("turns other people's room messages into items, named by their display name", () => {
    const items = chatItems(
      {
        next_batch: "s2",
        rooms: {
          join: {
            "!room:chat.example": {
              state: { events: [{ type: "m.room.member", state_key: "@t2_bob:chat.example", content: { displayname: "bob" } }] },
              timeline: {
                events: [
                  { type: "m.room.message", event_id: "$1", sender: "@t2_me:chat.example", origin_server_ts: 1_790_000_000_000, content: { body: "hi bob" } },
                  { type: "m.room.message", event_id: "$2", sender: "@t2_bob:chat.example", origin_server_ts: 1_790_000_060_000, content: { body: "hi! tell me more" } },
                  { type: "m.room.message", event_id: "$3", sender: "@carol:chat.example", origin_server_ts: 1_790_000_070_000, content: { body: "me too" } },
                  { type: "m.reaction", event_id: "$4", sender: "@carol:chat.example", origin_server_ts: 1_790_000_080_000, content: {} },
                ],
              },
            },
          },
        },
      },
      "@t2_me:chat.example",
    );
    expect(items).toEqual([
      { id: "$2", author: "bob", body: "hi! tell me more", created_at: new Date(1_790_000_060_000).toISOString(), first_message_name: "!room:chat.example" },
      { id: "$3", author: "carol", body: "me too", created_at: new Date(1_790_000_070_000).toISOString(), first_message_name: "!room:chat.example" },
    ]);
  });
});
