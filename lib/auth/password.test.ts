import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/password";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("a long enough secret");
    expect(hash.startsWith("scrypt$32768$8$1$")).toBe(true);
    expect(hash).not.toContain("a long enough secret");
    expect(await verifyPassword("a long enough secret", hash)).toBe(true);
    expect(await verifyPassword("a long enough secreT", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toEqual(await hashPassword("same"));
  });

  it("rejects malformed stored hashes instead of throwing", async () => {
    expect(await verifyPassword("x", "bcrypt$whatever")).toBe(false);
  });
});
