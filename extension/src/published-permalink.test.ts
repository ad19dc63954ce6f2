import { describe, expect, it } from "vitest";
import { publishedPermalink } from "./published-permalink";

const POST = "https://forum.example/r/devtools/comments/abc123/release_notes/";
const comment = (id: string, text: string) => ({ permalink: `/r/devtools/comments/abc123/release_notes/${id}/`, text });

describe("publishedPermalink", () => {
  it("finds the new comment by its words, not the ones that were there before", () => {
    const sent = { kind: "post_comment", text: "We keep ours to **five** bullets.", before: [comment("old1", "").permalink] };
    const page = { href: `${POST}?outreach_draft=1`, comments: [comment("old1", "We keep ours to five bullets."), comment("zz9", "Nice post!"), comment("new7", "\n  We keep ours to five bullets.\n")] };
    expect(publishedPermalink(sent, page)).toBe("https://forum.example/r/devtools/comments/abc123/release_notes/new7/");
  });

  it("reads absolute permalinks on the page's host and drops their query and fragment", () => {
    const sent = { kind: "reply_comment", text: "Thanks, that helps", before: [] };
    const page = { href: "https://forum.example/api/comment", comments: [{ permalink: "https://forum.example/r/devtools/comments/abc123/x/q1w2/?context=3#c", text: "Thanks, that helps" }] };
    expect(publishedPermalink(sent, page)).toBe("https://forum.example/r/devtools/comments/abc123/x/q1w2/");
  });

  it("accepts a long comment the page shows with a link rendered as its label", () => {
    const text = "Our release notes went from two pages to five bullets once we wrote them for users. More at [our blog](https://blog.example/notes).";
    const shown = "Our release notes went from two pages to five bullets once we wrote them for users. More at our blog.";
    expect(publishedPermalink({ kind: "post_comment", text, before: [] }, { href: POST, comments: [comment("k1", shown)] })).toMatch(/\/k1\/$/);
  });

  it("gives nothing when no new comment has the submitted words: someone else's, or a post link instead of a comment's", () => {
    const sent = { kind: "post_comment", text: "We keep ours to five bullets.", before: [] };
    expect(publishedPermalink(sent, { href: POST, comments: [comment("zz9", "Nice post!")] })).toBeNull();
    expect(publishedPermalink(sent, { href: POST, comments: [{ permalink: "/r/devtools/comments/abc123/release_notes/", text: sent.text }] })).toBeNull();
    expect(publishedPermalink(sent, { href: POST, comments: [{ permalink: "javascript:alert(1)", text: sent.text }] })).toBeNull();
    expect(publishedPermalink({ ...sent, text: "  " }, { href: POST, comments: [comment("a1", "")] })).toBeNull();
  });

  it("a post is the post page the platform opens after the submit, never the submit form", () => {
    const sent = { kind: "post", text: "Body", before: [] };
    expect(publishedPermalink(sent, { href: "https://forum.example/r/devtools/comments/p9x/release_notes/?created=1", comments: [] })).toBe("https://forum.example/r/devtools/comments/p9x/release_notes/");
    expect(publishedPermalink(sent, { href: "https://forum.example/r/devtools/submit?title=x", comments: [] })).toBeNull();
    expect(publishedPermalink(sent, { href: "https://forum.example/r/devtools/comments/p9x/release_notes/c1/", comments: [] })).toBeNull();
  });

  it("a DM has no public address to wait for", () => {
    expect(publishedPermalink({ kind: "dm", text: "Hi", before: [] }, { href: POST, comments: [comment("a1", "Hi")] })).toBeNull();
  });
});
