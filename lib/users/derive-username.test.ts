import { describe, expect, it } from "vitest";
import { usernameFromEmail } from "@/lib/users/derive-username";
import { ZUsername } from "@/lib/users/schemas";

describe("usernameFromEmail", () => {
  it("takes the local part, without a +tag, in the characters usernames allow", () => {
    expect(usernameFromEmail("alice@example.com")).toBe("alice");
    expect(usernameFromEmail("Alice.Smith+outreach@example.com")).toBe("alice.smith");
    expect(usernameFromEmail("o'brien@example.com")).toBe("o-brien");
    expect(usernameFromEmail("__x__@example.com")).toBe("x-user");
    expect(usernameFromEmail("+@example.com")).toBe("user");
  });

  it("always gives a valid username", () => {
    for (const email of ["a@b.co", "ü@example.com", `${"x".repeat(64)}@example.com`, "..@example.com", "jo@example.com"]) {
      expect(ZUsername.safeParse(usernameFromEmail(email)).success, email).toBe(true);
    }
  });
});
