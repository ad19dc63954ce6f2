import { describe, expect, it } from "vitest";
import { emailDomain, isPublicMailDomain } from "@/lib/sso/email-domain";
import { connectionIdOf } from "@/lib/sso/sso-oauth-provider";
import { ssoErrorMessage } from "@/lib/sso/sso-sign-in-offer";

describe("emailDomain", () => {
  it("is the part after the last @, lower-cased", () => {
    expect(emailDomain("Ada@Harbor.Example")).toBe("harbor.example");
    expect(emailDomain('"a@b"@corp.example')).toBe("corp.example");
  });
});

describe("isPublicMailDomain", () => {
  it("knows mailbox providers anyone can join, and not company domains", () => {
    expect(isPublicMailDomain("gmail.com")).toBe(true);
    expect(isPublicMailDomain("Outlook.com")).toBe(true);
    expect(isPublicMailDomain("harbor.example")).toBe(false);
  });
});

describe("connectionIdOf", () => {
  it("reads only the exact sso-<id> form", () => {
    expect(connectionIdOf("sso-12")).toBe(12);
    for (const id of [undefined, "sso-", "sso-0", "sso-012", "sso-12x", "xsso-12", "sso-1.5", "sso--1", "github", "sso-12345678901"]) {
      expect(connectionIdOf(id)).toBeNull();
    }
  });
});

describe("ssoErrorMessage", () => {
  it("says why a sign-in was refused, and something for anything else", () => {
    expect(ssoErrorMessage({ sso_error: "wrong_domain" })).toContain("outside your organization's domain");
    expect(ssoErrorMessage({ sso_error: "made-up" })).toContain("did not complete");
    expect(ssoErrorMessage({ error: "OAuthCallback" })).toContain("did not complete");
    expect(ssoErrorMessage({})).toBeNull();
  });
});
