import { describe, expect, it } from "vitest";
import { isTransientDbError } from "./is-transient-db-error";

describe("isTransientDbError", () => {
  it("waits out a server that is full, starting, restarting or unreachable, wherever the code sits", () => {
    expect(isTransientDbError(Object.assign(new Error("sorry, too many clients already"), { code: "53300" }))).toBe(true);
    expect(isTransientDbError(Object.assign(new Error("x"), { code: "57P03" }))).toBe(true);
    expect(isTransientDbError(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isTransientDbError(new Error("outer", { cause: Object.assign(new Error("inner"), { code: "53300" }) }))).toBe(true);
    expect(isTransientDbError(Object.assign(new Error("Can't reach database server"), { code: "P1001" }))).toBe(true);
    expect(isTransientDbError(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("does not retry what would fail the same way again", () => {
    expect(isTransientDbError(Object.assign(new Error('relation "x" does not exist'), { code: "42P01" }))).toBe(false);
    expect(isTransientDbError(Object.assign(new Error("Unique constraint failed"), { code: "P2002" }))).toBe(false);
    expect(isTransientDbError(Object.assign(new Error('password authentication failed for user "x"'), { code: "28P01" }))).toBe(false);
    expect(isTransientDbError("text")).toBe(false);
    expect(isTransientDbError(null)).toBe(false);
  });
});
