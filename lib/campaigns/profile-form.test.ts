import { describe, expect, it } from "vitest";
import {
  communityProblem, isProfileEmpty, normalizeCommunity, parseExtraJson, profileFormIssues, profileFormSchema, profileToConfig, splitProfile,
} from "@/lib/campaigns/profile-form";
import { profileChanges } from "@/lib/campaigns/profile-changes";
import { profileProblems } from "@/lib/skill-generation/profile-schema";

const PROFILE = {
  audience: "Freelancers who bill by the hour",
  communities: ["freelance", "productivity"],
  tone: "Plain, first person",
  offer: "A free time tracker",
  rules: ["No links in the first message", "Say who you are"],
  maxDraftsPerRun: 5,
};

describe("the profile form's fields", () => {
  it("splits a stored profile into fields and keeps every other key for Advanced", () => {
    const { values, extra } = splitProfile({ ...PROFILE, language: "en", signature: { name: "Ann" } });
    expect(values).toMatchObject({ audience: PROFILE.audience, communities: PROFILE.communities, rules: [{ text: "No links in the first message" }, { text: "Say who you are" }], keywords: [], maxDraftsPerRun: 5 });
    expect(extra).toEqual({ language: "en", signature: { name: "Ann" } });
  });

  it("saves the fields over the Advanced keys, so an unknown key is never dropped", () => {
    const { values, extra } = splitProfile({ ...PROFILE, language: "en" });
    values.tone = "Warm";
    const config = profileToConfig(values, extra);
    expect(config).toEqual({ ...PROFILE, tone: "Warm", language: "en" });
    expect(profileProblems("forum", config)).toEqual([]);
  });

  it("an untouched empty profile saves as {} (the agent writes it later), blank rules are dropped", () => {
    const empty = splitProfile({}).values;
    expect(isProfileEmpty(empty)).toBe(true);
    expect(profileToConfig(empty, {})).toEqual({});
    expect(profileToConfig({ ...empty, rules: [{ text: "  " }] }, {})).toEqual({});
    const filled = { ...splitProfile(PROFILE).values, rules: [{ text: "Keep it short" }, { text: " " }] };
    expect(profileToConfig(filled, {}).rules).toEqual(["Keep it short"]);
  });

  it("says each problem as a sentence on its own field, from the profile schema itself", () => {
    const values = { ...splitProfile(PROFILE).values, audience: "x", communities: [], rules: [{ text: "ok rule" }, { text: "no" }], maxDraftsPerRun: Number.NaN };
    const issues = profileFormIssues(values, "forum");
    expect(issues).toEqual(expect.arrayContaining([
      { path: ["profile", "audience"], message: "Audience needs at least 3 characters." },
      { path: ["profile", "communities"], message: "Add at least one community." },
      { path: ["profile", "rules", 1, "text"], message: "Rule 2 needs at least 3 characters." },
      { path: ["profile", "maxDraftsPerRun"], message: "Drafts per run is a whole number from 1 to 50." },
    ]));
    expect(profileFormIssues({ ...values, communities: [] }, "federated")).toContainEqual({ path: ["profile", "communities"], message: "Add at least one hashtag." });
  });

  it("the form schema checks the profile only when asked, and the Advanced box always", () => {
    const schema = (check: boolean) => profileFormSchema("forum", () => check);
    const empty = { profile: splitProfile({}).values, extraJson: "{}" };
    expect(schema(false).safeParse(empty).success).toBe(true);
    expect(schema(true).safeParse(empty).success).toBe(false);
    const badExtra = schema(false).safeParse({ ...empty, extraJson: '{"tone": "x"}' });
    expect(badExtra.success).toBe(false);
    expect(badExtra.error?.issues[0]).toMatchObject({ path: ["extraJson"], message: 'Tone ("tone") has its own field above: set it there and remove it here.' });
  });
});

describe("the Advanced box", () => {
  it("takes an object of keys the form does not know", () => {
    expect(parseExtraJson('{"language": "en"}')).toEqual({ ok: true, value: { language: "en" } });
    expect(parseExtraJson("")).toEqual({ ok: true, value: {} });
    expect(parseExtraJson("[1]")).toMatchObject({ ok: false, message: expect.stringMatching(/^Write an object in braces/) });
    expect(parseExtraJson("{language: en}")).toMatchObject({ ok: false, message: "This is not valid JSON. Check for a missing quote, comma or brace." });
  });
});

describe("communities as typed", () => {
  it("drops r/ on the forum and adds # on the federated platform, then checks the profile schema's pattern", () => {
    expect(normalizeCommunity(" r/freelance ", "forum")).toBe("freelance");
    expect(normalizeCommunity("selfhosted", "federated")).toBe("#selfhosted");
    expect(communityProblem("freelance", "forum")).toBeNull();
    expect(communityProblem("free lance", "forum")).toBe("Write a community name as 2-50 letters, digits or underscores, without r/, like freelance.");
    expect(communityProblem("#self hosted", "federated")).toBe("Write a hashtag as # and letters, digits or underscores, like #selfhosted.");
  });
});

describe("a generated profile's changes in words", () => {
  it("names each changed field, what lists gained and lost, and keys the form does not know", () => {
    const next = { ...PROFILE, tone: "Warm", communities: ["freelance", "smallbusiness"], rules: [...PROFILE.rules, "Never promise dates"], maxDraftsPerRun: 8, language: "en" };
    expect(profileChanges(PROFILE, next)).toEqual([
      { key: "communities", label: "Communities", kind: "list", added: ["smallbusiness"], removed: ["productivity"] },
      { key: "tone", label: "Tone", kind: "text", before: "Plain, first person", after: "Warm" },
      { key: "rules", label: "Rules", kind: "list", added: ["Never promise dates"], removed: [] },
      { key: "maxDraftsPerRun", label: "Drafts per run", kind: "text", before: "5", after: "8" },
      { key: "language", label: "“language”", kind: "text", before: null, after: "en" },
    ]);
    expect(profileChanges(PROFILE, { ...PROFILE })).toEqual([]);
  });
});
