import { describe, expect, it } from "vitest";
import { buildComposeUrl, type ComposeDraft } from "@/lib/drafts/compose-url";

const target = { forumOrigin: "https://www.forum.example", backendUrl: "https://dash.example.com" };
const base: ComposeDraft = {
  id: 42, kind: "dm", platform: "forum", accountHandle: "me", targetUser: "alice", targetCommunity: null, targetUrl: null, title: null, body: "Hi & welcome",
};

describe("buildComposeUrl", () => {
  it("pre-fills a forum DM and carries the hand-off for the extension", () => {
    const url = new URL(buildComposeUrl(base, target)!);
    expect(url.origin + url.pathname).toBe("https://www.forum.example/message/compose");
    expect(url.searchParams.get("to")).toBe("alice");
    expect(url.searchParams.get("message")).toBe("Hi & welcome");
    expect(url.searchParams.get("outreach_draft")).toBe("42");
    expect(url.searchParams.get("outreach_backend")).toBe("https://dash.example.com");
  });

  it("opens the post itself for a comment, and refuses when there is no post link", () => {
    const comment = { ...base, kind: "post_comment" as const, targetUrl: "https://www.forum.example/r/x/comments/abc/title/?sort=new" };
    const url = new URL(buildComposeUrl(comment, target)!);
    expect(url.pathname).toBe("/r/x/comments/abc/title/");
    expect(url.searchParams.get("sort")).toBe("new");
    expect(url.searchParams.get("outreach_draft")).toBe("42");
    expect(buildComposeUrl({ ...comment, targetUrl: null }, target)).toBeNull();
    expect(buildComposeUrl({ ...comment, targetUrl: "javascript:alert(1)" }, target)).toBeNull();
  });

  it("submits a post to its community", () => {
    const url = new URL(buildComposeUrl({ ...base, kind: "post", targetUser: "r/SaaS", targetCommunity: "r/SaaS", title: "Launch" }, target)!);
    expect(url.pathname).toBe("/r/SaaS/submit");
    expect(url.searchParams.get("title")).toBe("Launch");
  });

  it("shares on the account's federated instance with a mention", () => {
    const url = new URL(buildComposeUrl({ ...base, platform: "federated", accountHandle: "@me@social.example", targetUser: "@bob@other.example" }, target)!);
    expect(url.origin).toBe("https://social.example");
    expect(url.searchParams.get("text")).toBe("@bob@other.example Hi & welcome");
  });
});
