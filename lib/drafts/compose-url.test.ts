import { describe, expect, it } from "vitest";
import { buildComposeUrl, type ComposeDraft } from "@/lib/drafts/compose-url";
import { backendKey, readHandoffFragment, withoutHandoff } from "@/lib/drafts/handoff-link";

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
    // The hand-off is in the fragment (never sent to the platform) and names the dashboard only by its key.
    expect(url.hash).toBe(`#outreach_draft=42&outreach_via=${backendKey("https://dash.example.com")}`);
    expect([...url.searchParams.keys()].some((k) => k.startsWith("outreach"))).toBe(false);
    expect(url.toString()).not.toContain("dash.example");
    expect(readHandoffFragment(url.toString())).toEqual({ draftId: 42, via: backendKey("https://dash.example.com") });
  });

  it("keys a backend by its origin, the same however the dashboard's address is written", () => {
    const a = new URL(buildComposeUrl(base, { ...target, backendUrl: "https://dash.example.com/inbox?x=1" })!);
    expect(readHandoffFragment(a.toString())!.via).toBe(backendKey("https://dash.example.com"));
    expect(backendKey("https://dash.example.com")).toMatch(/^[0-9a-f]{8}$/);
    expect(backendKey("https://dash.example.com")).not.toBe(backendKey("https://dash.example.org"));
    // FNV-1a's published 32-bit test vectors.
    expect(backendKey("")).toBe("811c9dc5");
    expect(backendKey("a")).toBe("e40c292c");
    expect(backendKey("foobar")).toBe("bf9cf968");
  });

  it("reads nothing from a malformed hand-off, and takes it out of an address without touching the rest", () => {
    for (const hash of ["#outreach_draft=4x2&outreach_via=0123abcd", "#outreach_draft=0&outreach_via=0123abcd", "#outreach_draft=42&outreach_via=https://dash.example", "#outreach_draft=42"]) {
      expect(readHandoffFragment(`https://www.forum.example/message/compose${hash}`), hash).toBeNull();
    }
    expect(readHandoffFragment("not a url")).toBeNull();
    expect(withoutHandoff("https://www.forum.example/message/compose?to=a#outreach_draft=42&outreach_via=0123abcd")).toBe("https://www.forum.example/message/compose?to=a");
    expect(withoutHandoff("https://www.forum.example/r/x/comments/abc/#c2&outreach_draft=42&outreach_via=0123abcd")).toBe("https://www.forum.example/r/x/comments/abc/#c2");
  });

  it("opens the post itself for a comment, and refuses when there is no post link", () => {
    const comment = { ...base, kind: "post_comment" as const, targetUrl: "https://www.forum.example/r/x/comments/abc/title/?sort=new" };
    const url = new URL(buildComposeUrl(comment, target)!);
    expect(url.pathname).toBe("/r/x/comments/abc/title/");
    expect(url.searchParams.get("sort")).toBe("new");
    expect(readHandoffFragment(url.toString())?.draftId).toBe(42);
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
