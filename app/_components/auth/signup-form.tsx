"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Button } from "../button";
import { InlineError } from "../inline-error";
import { Input } from "../input";
import { checkNewPassword, NewPasswordFields } from "./password-fields";

type SignupFormProps = {
  /** An invitation link's token: the new account joins that organization instead of starting one. */
  inviteToken?: string;
  /** The cloud edition asks everyone for an address; a self-hosted install takes one when given. */
  emailRequired?: boolean;
  /** The address an invitation was mailed to, pre-filled. */
  defaultEmail?: string;
};

type FieldErrors = { organizationName?: string; email?: string; username?: string; password?: string; confirm?: string };
type ErrorBody = { error?: string; message?: string; field?: string; issues?: { path: string; message: string }[] };
const FIELDS = ["organizationName", "email", "username", "password"] as const;

export function SignupForm({ inviteToken, emailRequired = false, defaultEmail }: SignupFormProps = {}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [alreadySetUp, setAlreadySetUp] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // An invitation made for this address is joined once the address is confirmed: the form gives way to that news.
  const [joinsOnConfirm, setJoinsOnConfirm] = useState<{ email: string; organizationName: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const organizationName = String(form.get("organizationName") ?? "").trim();
    const email = String(form.get("email") ?? "").trim();
    const username = String(form.get("username") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const confirm = String(form.get("confirm") ?? "");

    // Every empty field is flagged at once, not one per attempt.
    const errs: FieldErrors = checkNewPassword(password, confirm);
    if (!inviteToken && !organizationName) errs.organizationName = "Enter your organization's name.";
    if (!email && !username) errs.username = emailRequired ? undefined : "Choose a username, or enter your email address.";
    if (!email && emailRequired) errs.email = "Enter your email address.";
    setFieldErrors(errs);
    setError(null);
    setAlreadySetUp(false);
    if (Object.values(errs).some(Boolean)) return;

    setPending(true);
    try {
      const body = {
        ...(inviteToken ? { inviteToken } : { organizationName }),
        ...(email ? { email } : {}),
        ...(username ? { username } : {}),
        password,
      };
      const res = await fetch("/api/auth/signup", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify(body),
      });
      if (res.status === 201 || res.ok) {
        const created = (await res.json().catch(() => null)) as { organization?: unknown; pendingInvitation?: { organizationName: string } } | null;
        if (created?.pendingInvitation && !created.organization) {
          setJoinsOnConfirm({ email, organizationName: created.pendingInvitation.organizationName });
          setPending(false);
          return;
        }
        location.href = "/";
        return;
      }
      const answer = (await res.json().catch(() => null)) as ErrorBody | null;
      // A field the server named (a taken address, an invalid username) is shown under that field.
      const field = answer?.field ?? answer?.issues?.[0]?.path;
      if (field && (FIELDS as readonly string[]).includes(field)) setFieldErrors({ [field]: answer?.issues?.[0]?.message ?? answer?.message });
      else if (res.status === 409 && answer?.error === "conflict" && !inviteToken) setAlreadySetUp(true);
      else if (res.status === 429) setError(answer?.message ?? "Too many attempts. Try again in a few minutes.");
      else setError(answer?.message ?? `Sign up failed (${res.status}).`);
    } catch {
      setError("Could not reach the server. Check your connection and try again.");
    }
    setPending(false);
  }

  if (joinsOnConfirm) {
    return (
      <div className="space-y-3 text-sm text-zinc-700 dark:text-zinc-300" role="status">
        <p className="font-medium text-zinc-900 dark:text-zinc-100">Check your inbox</p>
        <p>
          Your account is made. We sent a link to <span className="font-medium">{joinsOnConfirm.email}</span>: open it to
          confirm the address, and you join {joinsOnConfirm.organizationName}.
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {inviteToken ? null : (
        <Input id="organizationName" label="Organization name" autoComplete="organization" required autoFocus error={fieldErrors.organizationName} />
      )}
      <Input
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required={emailRequired}
        optional={!emailRequired}
        defaultValue={defaultEmail}
        autoFocus={Boolean(inviteToken) && !defaultEmail}
        hint={emailRequired ? "You sign in with it, and it gets you back in if you forget your password." : "Lets you reset a forgotten password by email."}
        error={fieldErrors.email}
      />
      <Input
        id="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        optional
        hint="Leave it empty to use the start of your email address."
        error={fieldErrors.username}
      />
      <NewPasswordFields errors={fieldErrors} />
      <InlineError message={error} />
      {alreadySetUp ? (
        <InlineError>
          This installation is already set up.{" "}
          <Link href="/login" className="font-medium underline underline-offset-2">
            Sign in instead
          </Link>
          .
        </InlineError>
      ) : null}
      <Button type="submit" pending={pending} className="w-full">
        Create account
      </Button>
    </form>
  );
}
