import { describe, expect, it } from "vitest";
import { checkAddress } from "@/lib/net/address-guard";

describe("checkAddress", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1 is a loopback address"],
    ["::1", "::1 is a loopback address"],
    ["::ffff:127.0.0.1", "::ffff:127.0.0.1 maps to 127.0.0.1, which is a loopback address"],
    ["169.254.169.254", "169.254.169.254 is a link-local address"],
    ["10.0.0.1", "10.0.0.1 is a private address"],
    ["172.16.5.4", "172.16.5.4 is a private address"],
    ["192.168.1.1", "192.168.1.1 is a private address"],
    ["100.64.0.1", "100.64.0.1 is a carrier-grade NAT (100.64.0.0/10) address"],
    ["fe80::1", "fe80::1 is a link-local address"],
    ["fc00::1", "fc00::1 is a private (unique-local) address"],
    ["224.0.0.1", "224.0.0.1 is a multicast address"],
    ["ff02::1", "ff02::1 is a multicast address"],
    ["255.255.255.255", "255.255.255.255 is a broadcast address"],
    ["240.0.0.1", "240.0.0.1 is a reserved address"],
    ["0.0.0.0", "0.0.0.0 is an unspecified address"],
    ["::", ":: is an unspecified address"],
  ])("refuses %s and says why", (address, reason) => {
    expect(checkAddress(address)).toEqual({ allowed: false, reason });
  });

  it("judges IPv6 forms that carry an IPv4 address by the IPv4 they reach", () => {
    expect(checkAddress("::ffff:169.254.169.254")).toMatchObject({ allowed: false, reason: expect.stringContaining("link-local") });
    expect(checkAddress("2002:7f00:1::1")).toMatchObject({ allowed: false, reason: expect.stringContaining("6to4") });
    // Teredo stores the client address inverted: 80ff:fffe is 127.0.0.1.
    expect(checkAddress("2001:0:4136:e378:8000:63bf:80ff:fffe")).toMatchObject({ allowed: false, reason: expect.stringContaining("loopback") });
    expect(checkAddress("64:ff9b::a00:1")).toMatchObject({ allowed: false, reason: expect.stringContaining("10.0.0.1") });
    expect(checkAddress("::ffff:8.8.8.8")).toEqual({ allowed: true });
    expect(checkAddress("2002:808:808::1")).toEqual({ allowed: true });
  });

  it("allows public addresses", () => {
    expect(checkAddress("8.8.8.8")).toEqual({ allowed: true });
    expect(checkAddress("2606:4700::1111")).toEqual({ allowed: true });
  });

  it("refuses strings Node would not connect to as a literal", () => {
    expect(checkAddress("0177.0.0.1").allowed).toBe(false);
    expect(checkAddress("localhost").allowed).toBe(false);
  });

  it("with allowPrivate lets a self-hosted install reach its own network, but never the unspecified address", () => {
    for (const address of ["127.0.0.1", "::1", "10.0.0.1", "169.254.169.254", "fc00::1", "::ffff:192.168.1.1"]) {
      expect(checkAddress(address, { allowPrivate: true })).toEqual({ allowed: true });
    }
    expect(checkAddress("0.0.0.0", { allowPrivate: true })).toEqual({ allowed: false, reason: "0.0.0.0 is an unspecified address" });
    expect(checkAddress("::", { allowPrivate: true }).allowed).toBe(false);
    expect(checkAddress("::ffff:0.0.0.0", { allowPrivate: true }).allowed).toBe(false);
  });
});
