// Bad-input cases of the account routes (password reset, email verification, changing the address and the password):
// each answers 400 with the error shape and writes nothing (the suite's snapshot covers the person's row and their
// mailed links through accountSnapshot). The route that takes no input shows that what it is sent is ignored.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import * as passwordReset from "@/app/api/auth/password-reset/route";
import * as passwordResetConfirm from "@/app/api/auth/password-reset/confirm/route";
import * as verifyEmail from "@/app/api/auth/verify-email/route";
import * as email from "@/app/api/auth/email/route";
import * as verification from "@/app/api/auth/email/verification/route";
import * as password from "@/app/api/auth/password/route";
import * as timeZone from "@/app/api/auth/time-zone/route";
import { call, type CallOptions } from "./http";
import type { OrgFixture } from "./fixtures";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;

const json = { "content-type": "application/json" };
const token = (prefix: string) => `${prefix}_${randomBytes(32).toString("base64url")}`;

export function accountBadInputCases(expect400: Expect400, org: () => OrgFixture): Record<string, () => Promise<void>> {
  return {
    "/api/auth/password-reset": async () => {
      for (const body of [{}, { email: "not an address" }, { email: 5 }, { email: "someone@example.com", username: "someone" }, { email: "some\u0000one@example.com" }, { email: `${"x".repeat(250)}@example.com` }]) {
        await expect400(passwordReset.POST, { method: "POST", body });
      }
      await expect400(passwordReset.POST, { method: "POST", rawBody: "{email", headers: json });
    },
    "/api/auth/password-reset/confirm": async () => {
      const ok = { token: token("rst"), password: "a long enough password" };
      await expect400(passwordResetConfirm.POST, { method: "POST", body: {} });
      await expect400(passwordResetConfirm.POST, { method: "POST", body: { ...ok, token: "rst_short" } });
      // A verification link's token is not a reset token.
      await expect400(passwordResetConfirm.POST, { method: "POST", body: { ...ok, token: token("vfy") } });
      await expect400(passwordResetConfirm.POST, { method: "POST", body: { ...ok, password: "short" } });
      await expect400(passwordResetConfirm.POST, { method: "POST", body: { ...ok, userId: org().userId } });
      await expect400(passwordResetConfirm.POST, { method: "POST", rawBody: "[", headers: json });
    },
    "/api/auth/verify-email": async () => {
      await expect400(verifyEmail.POST, { method: "POST", body: {} });
      await expect400(verifyEmail.POST, { method: "POST", body: { token: token("rst") } });
      await expect400(verifyEmail.POST, { method: "POST", body: { token: 12345 } });
      await expect400(verifyEmail.POST, { method: "POST", body: { token: token("vfy"), email: "x@example.com" } });
    },
    "/api/auth/email": async () => {
      await expect400(email.PUT, { method: "PUT", body: {} });
      await expect400(email.PUT, { method: "PUT", body: { email: "not an address", currentPassword: "whatever it is" } });
      await expect400(email.PUT, { method: "PUT", body: { email: "new@example.com" } });
      await expect400(email.PUT, { method: "PUT", body: { email: "new@example.com", currentPassword: "" } });
      await expect400(email.PUT, { method: "PUT", body: { email: "new@example.com", currentPassword: "whatever it is", verified: true } });
      await expect400(email.PUT, { method: "PUT", rawBody: "{email", headers: json });
    },
    "/api/auth/email/verification": async () => {
      // Takes no input: a body is ignored. This install sends no mail, so the answer says so, and no link is made.
      const res = await call(verification.POST, { method: "POST", cookie: org().cookie, rawBody: "{garbage" });
      expect(res.status).toBe(503);
      expect(res.json.error).toBe("unavailable");
      expect(await db.accountToken.count({ where: { userId: org().userId } })).toBe(0);
    },
    "/api/auth/time-zone": async () => {
      for (const body of [{}, { timeZone: "" }, { timeZone: "Mars/Olympus_Mons" }, { timeZone: "Europe/Paris; DROP" }, { timeZone: 3600 }, { timeZone: "Europe/Paris", userId: 1 }, { timeZone: "x".repeat(65) }]) {
        await expect400(timeZone.PUT, { method: "PUT", body });
      }
      await expect400(timeZone.PUT, { method: "PUT", rawBody: "{", headers: json });
    },
    "/api/auth/password": async () => {
      await expect400(password.POST, { method: "POST", body: {} });
      await expect400(password.POST, { method: "POST", body: { currentPassword: "whatever it is", newPassword: "short" } });
      await expect400(password.POST, { method: "POST", body: { currentPassword: "", newPassword: "a long enough password" } });
      await expect400(password.POST, { method: "POST", body: { currentPassword: "whatever it is", newPassword: "a long enough password", userId: 1 } });
      await expect400(password.POST, { method: "POST", rawBody: "{", headers: json });
    },
  };
}

/** What the account cases could change, for the suite's snapshot. */
export async function accountSnapshot(userId: number) {
  const [user, tokens] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailVerifiedAt: true, passwordHash: true, sessionVersion: true, timeZone: true } }),
    db.accountToken.findMany({ orderBy: { id: "asc" }, select: { id: true, userId: true, usedAt: true } }),
  ]);
  return { user, tokens };
}
