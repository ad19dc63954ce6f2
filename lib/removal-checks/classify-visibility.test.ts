import { describe, expect, it } from "vitest";
import { classifyFederatedAnswer, classifyForumFailure, classifyForumThing } from "./classify-visibility";
import { federatedStatusIdOfUrl, forumFullnameOfUrl, visibilityTargetOf } from "./visibility-target";
import { nextScheduledCheck } from "./removal-policy";

describe("what a signed-out visitor's view of a forum thing means", () => {
  it("comments: [removed] is a moderator's removal, [deleted] by [deleted] the author's, anything else visible", () => {
    expect(classifyForumThing("t1", { body: "Nice write-up, we built x", author: "us" })).toBe("visible");
    expect(classifyForumThing("t1", { body: "[removed]", author: "[deleted]" })).toBe("removed");
    expect(classifyForumThing("t1", { body: "[deleted]", author: "[deleted]" })).toBe("deleted");
    // Someone who literally wrote "[deleted]" is still visible.
    expect(classifyForumThing("t1", { body: "[deleted]", author: "us" })).toBe("visible");
  });

  it("posts: removed_by_category says who, the text is the fallback", () => {
    expect(classifyForumThing("t3", { selftext: "hello", author: "us", removed_by_category: null })).toBe("visible");
    expect(classifyForumThing("t3", { removed_by_category: "moderator" })).toBe("removed");
    expect(classifyForumThing("t3", { removed_by_category: "automod_filtered" })).toBe("removed");
    expect(classifyForumThing("t3", { removed_by_category: "reddit" })).toBe("removed");
    expect(classifyForumThing("t3", { removed_by_category: "deleted" })).toBe("deleted");
    expect(classifyForumThing("t3", { removed_by_category: "author" })).toBe("deleted");
    expect(classifyForumThing("t3", { selftext: "[removed]", author: "us" })).toBe("removed");
    expect(classifyForumThing("t3", { selftext: "[deleted]", author: "[deleted]" })).toBe("deleted");
  });

  it("a private community (403) or a gone one (404) is not visible; other failures give no verdict", () => {
    expect(classifyForumFailure(403)).toBe("not_visible");
    expect(classifyForumFailure(404)).toBe("not_visible");
    expect(classifyForumFailure(429)).toBeNull();
    expect(classifyForumFailure(503)).toBeNull();
    expect(classifyForumFailure(null)).toBeNull();
  });
});

describe("what a federated instance's answer means", () => {
  it("public and unlisted are visible; private answered anyway is not; 404 not visible; 410 removed; the rest no verdict", () => {
    expect(classifyFederatedAnswer({ status: 200, visibility: "public" })).toBe("visible");
    expect(classifyFederatedAnswer({ status: 200, visibility: "unlisted" })).toBe("visible");
    expect(classifyFederatedAnswer({ status: 200, visibility: "private" })).toBe("not_visible");
    expect(classifyFederatedAnswer({ status: 404 })).toBe("not_visible");
    expect(classifyFederatedAnswer({ status: 410 })).toBe("removed");
    expect(classifyFederatedAnswer({ status: 401 })).toBeNull();
    expect(classifyFederatedAnswer({ status: 500 })).toBeNull();
  });
});

describe("where a sent post lives", () => {
  it("reads forum permalinks: the comment when there is one, else the post", () => {
    expect(forumFullnameOfUrl("/r/selfhosted/comments/abc123/some_title/def456/")).toBe("t1_def456");
    expect(forumFullnameOfUrl("https://old.forum.example/r/x/comments/abc123/some_title/")).toBe("t3_abc123");
    expect(forumFullnameOfUrl("https://www.forum.example/r/x/comments/ABC123/")).toBe("t3_abc123");
    expect(forumFullnameOfUrl("https://www.forum.example/user/someone/")).toBeNull();
    expect(forumFullnameOfUrl(null)).toBeNull();
  });

  it("reads federated status URLs of both forms", () => {
    expect(federatedStatusIdOfUrl("https://social.example/@us/110412")).toBe("110412");
    expect(federatedStatusIdOfUrl("https://social.example/users/us/statuses/110412")).toBe("110412");
    expect(federatedStatusIdOfUrl("https://social.example/@us")).toBeNull();
    expect(federatedStatusIdOfUrl("ftp://social.example/@us/1")).toBeNull();
  });

  it("prefers the platform's id and knows nothing of platforms it cannot read", () => {
    expect(visibilityTargetOf({ platform: "forum", publishedId: "t1_zz9", publishedUrl: "/r/x/comments/a/b/c/" })).toEqual({ platform: "forum", fullname: "t1_zz9" });
    expect(visibilityTargetOf({ platform: "forum", publishedId: null, publishedUrl: "/r/x/comments/a/b/c/" })).toEqual({ platform: "forum", fullname: "t1_c" });
    expect(visibilityTargetOf({ platform: "federated", publishedId: "110412", publishedUrl: null })).toEqual({ platform: "federated", statusId: "110412", statusUrl: null });
    expect(visibilityTargetOf({ platform: "forum", publishedId: null, publishedUrl: null })).toBeNull();
    expect(visibilityTargetOf({ platform: "news", publishedId: "1", publishedUrl: "https://news.example/item?id=1" })).toBeNull();
  });
});

describe("when the checks are due", () => {
  const sent = new Date("2026-11-24T09:00:00Z");
  it("an hour after the send, then a day after it, then none", () => {
    expect(nextScheduledCheck(sent, 0)).toEqual({ dueAt: new Date("2026-11-24T10:00:00Z"), checksDone: 0 });
    expect(nextScheduledCheck(sent, 1)).toEqual({ dueAt: new Date("2026-11-25T09:00:00Z"), checksDone: 1 });
    expect(nextScheduledCheck(sent, 2)).toBeNull();
  });
  it("from a later moment on, the checks already past are skipped", () => {
    expect(nextScheduledCheck(sent, 0, new Date("2026-11-24T12:00:00Z"))).toEqual({ dueAt: new Date("2026-11-25T09:00:00Z"), checksDone: 1 });
    expect(nextScheduledCheck(sent, 0, new Date("2026-11-26T12:00:00Z"))).toBeNull();
  });
});
