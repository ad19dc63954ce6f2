import { describe, expect, it } from "vitest";
import { openCredentials, parseKeyring, sealCredentials } from "@/lib/crypto/credentials";

const k1 = Buffer.alloc(32, 1).toString("base64");
const k2 = Buffer.alloc(32, 2).toString("base64");

describe("credential encryption", () => {
  it("round-trips and never contains the plaintext", () => {
    const ring = parseKeyring(`a:${k1}`);
    const sealed = sealCredentials({ password: "hunter2-secret" }, ring);
    expect(sealed.keyId).toBe("a");
    expect(Buffer.from(sealed.ciphertext).toString("latin1")).not.toContain("hunter2-secret");
    expect(openCredentials(sealed.ciphertext, "a", ring)).toEqual({ password: "hunter2-secret" });
  });

  it("seals with the first key and still opens data sealed with an older key", () => {
    const old = sealCredentials({ token: "t" }, parseKeyring(`old:${k1}`));
    const rotated = parseKeyring(`new:${k2},old:${k1}`);
    expect(sealCredentials({ token: "t" }, rotated).keyId).toBe("new");
    expect(openCredentials(old.ciphertext, "old", rotated)).toEqual({ token: "t" });
  });

  it("detects tampering", () => {
    const ring = parseKeyring(`a:${k1}`);
    const sealed = sealCredentials({ token: "t" }, ring);
    sealed.ciphertext[sealed.ciphertext.length - 1] ^= 1;
    expect(() => openCredentials(sealed.ciphertext, "a", ring)).toThrow();
  });

  it("refuses keys of the wrong length", () => {
    expect(() => parseKeyring("a:c2hvcnQ=")).toThrow(/32-byte/);
  });
});
