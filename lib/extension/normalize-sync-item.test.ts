import { describe, expect, it } from "vitest";
import { absolutePermalink, bareId, normalizeComment, normalizeMessage, postIdOfUrl } from "./normalize-sync-item";

const ORIGIN = "https://www.forum.example";

describe("inbox item normalisation", () => {
  it("strips the feed's type prefix from ids", () => {
    expect(bareId("t4_2abcd9")).toBe("2abcd9");
    expect(bareId("T1_xyz")).toBe("xyz");
    expect(bareId("2abcd9")).toBe("2abcd9");
  });

  it("qualifies external ids by platform and type, so the prefixed and bare spellings are one message", () => {
    const base = { author: "u/Alice", body: "hi", created_utc: 1_800_000_000 };
    const a = normalizeMessage({ id: "t4_abc", ...base }, "forum", ORIGIN);
    const b = normalizeMessage({ id: "abc", ...base }, "forum", ORIGIN);
    expect(a.externalId).toBe("forum:pm:abc");
    expect(b.externalId).toBe(a.externalId);
    expect(a.itemId).toBe("t4_abc");
    expect(normalizeComment({ id: "t1_abc", parent_id: "t3_p", ...base }, "forum", ORIGIN).externalId).toBe("forum:comment:abc");
  });

  it("reads created_utc as seconds and created_at as ISO", () => {
    expect(normalizeMessage({ id: "a", author: "x", body: "b", created_utc: 1_800_000_000 }, "forum", ORIGIN).createdAt.toISOString()).toBe("2027-01-15T08:00:00.000Z");
    expect(normalizeMessage({ id: "a", author: "x", body: "b", created_at: "2026-11-22T02:00:00Z" }, "forum", ORIGIN).createdAt.toISOString()).toBe("2026-11-22T02:00:00.000Z");
  });

  it("keeps the conversation root of a message, or the message itself when it starts one", () => {
    const base = { author: "x", body: "b", created_utc: 1_800_000_000 };
    expect(normalizeMessage({ id: "t4_m2", first_message_name: "t4_root", parent_id: "t4_m1", ...base }, "forum", ORIGIN).threadExternalId).toBe("root");
    expect(normalizeMessage({ id: "t4_m2", parent_id: "t4_m1", ...base }, "forum", ORIGIN).threadExternalId).toBe("m1");
    expect(normalizeMessage({ id: "t4_m2", ...base }, "forum", ORIGIN).threadExternalId).toBe("m2");
  });

  it("canonicalises the recipient and tells replies to posts from replies to comments", () => {
    const base = { id: "c", author: "x", body: "b", created_utc: 1_800_000_000, dest: "u/OurAccount", subreddit: "r/DevOps" };
    const toComment = normalizeComment({ ...base, parent_id: "t1_c0", link_id: "t3_POST1" }, "forum", ORIGIN);
    expect(toComment).toMatchObject({ repliesToPost: false, postId: "post1", dest: "ouraccount", community: "devops", threadExternalId: "post1" });
    const toPost = normalizeComment({ ...base, parent_id: "t3_post2" }, "forum", ORIGIN);
    expect(toPost).toMatchObject({ repliesToPost: true, postId: "post2" });
    expect(normalizeComment({ ...base, parent_id: "t1_c0" }, "forum", ORIGIN).postId).toBeNull();
    // The feed's comment replies carry no link_id: the post comes from the context link.
    expect(normalizeComment({ ...base, parent_id: "t1_c0", context: "/r/devops/comments/Abc123/launch/k1x9/?context=3" }, "forum", ORIGIN).postId).toBe("abc123");
  });

  it("resolves platform paths against the main origin and drops anything that is not http(s)", () => {
    expect(absolutePermalink("/r/x/comments/abc/t/c1/?context=3", ORIGIN)).toBe("https://www.forum.example/r/x/comments/abc/t/c1/?context=3");
    expect(absolutePermalink("https://old.forum.example/message/messages/1", ORIGIN)).toBe("https://old.forum.example/message/messages/1");
    expect(absolutePermalink("javascript:alert(1)", ORIGIN)).toBeNull();
    expect(absolutePermalink("/relative", null)).toBeNull();
    expect(absolutePermalink("", ORIGIN)).toBeNull();
    expect(absolutePermalink("not a url", ORIGIN)).toBeNull();
  });

  it("finds the post id in a platform URL", () => {
    expect(postIdOfUrl("https://www.forum.example/r/selfhosted/comments/AbC123/flaky_ci/")).toBe("abc123");
    expect(postIdOfUrl("https://www.forum.example/r/selfhosted/comments/abc123/flaky_ci/c9x/")).toBe("abc123");
    expect(postIdOfUrl("https://www.forum.example/r/selfhosted/comments/abc123")).toBe("abc123");
    expect(postIdOfUrl("https://www.forum.example/r/selfhosted/")).toBeNull();
    expect(postIdOfUrl(null)).toBeNull();
  });
});
