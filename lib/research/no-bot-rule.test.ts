import { describe, expect, it } from "vitest";
import { noBotVerdict } from "@/lib/research/no-bot-rule";

const person = { bot: false, note: "<p>I write about gardens.</p>", display_name: "Ann", fields: [{ name: "Site", value: "ann.example" }] };

describe("noBotVerdict", () => {
  it("lets an ordinary person through", () => {
    expect(noBotVerdict(person)).toBeNull();
  });

  it("refuses an account flagged as a bot", () => {
    expect(noBotVerdict({ ...person, bot: true })).toBe("bot");
  });

  it.each([
    ["plain note", { note: "gardening #nobot" }],
    ["plural, mixed case", { note: "<p>Please: #NoBots</p>" }],
    ["hashtag link markup", { note: '<p>hi <a href="https://x.example/tags/nobot" class="mention hashtag" rel="tag">#<span>nobot</span></a></p>' }],
    ["profile field value", { fields: [{ name: "Rules", value: "<span>#NOBOT</span>" }] }],
    ["profile field name", { fields: [{ name: "#nobots", value: "thanks" }] }],
    ["display name", { display_name: "Ann #nobot" }],
  ])("refuses a #nobot profile: %s", (_label, patch) => {
    expect(noBotVerdict({ ...person, ...patch })).toBe("no_bot");
  });

  it("does not mistake a similar word for the tag", () => {
    expect(noBotVerdict({ ...person, note: "no bot here, robots welcome, nobot without a hash" })).toBeNull();
  });
});
