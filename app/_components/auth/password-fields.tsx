"use client";

import { Input } from "../input";

/** Matches the server's minimum password length (lib/users/schemas.ts). */
export const MIN_PASSWORD = 10;

/** A new password and its confirmation, checked in the browser before anything is sent. */
export function checkNewPassword(password: string, confirm: string): { password?: string; confirm?: string } {
  const errs: { password?: string; confirm?: string } = {};
  if (!password) errs.password = `Choose a password of at least ${MIN_PASSWORD} characters.`;
  else if (password.length < MIN_PASSWORD) errs.password = `Use at least ${MIN_PASSWORD} characters.`;
  // An empty confirmation is its own mistake, even when the password above is empty too.
  if (!confirm) errs.confirm = "Enter the password again.";
  else if (confirm !== password) errs.confirm = "The two passwords do not match.";
  return errs;
}

export function NewPasswordFields({ errors, label = "Password", idPrefix = "" }: { errors: { password?: string; confirm?: string }; label?: string; idPrefix?: string }) {
  return (
    <>
      <Input
        id={`${idPrefix}password`}
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD}
        required
        hint={`At least ${MIN_PASSWORD} characters.`}
        error={errors.password}
      />
      <Input id={`${idPrefix}confirm`} name="confirm" label={`Confirm ${label.toLowerCase()}`} type="password" autoComplete="new-password" required error={errors.confirm} />
    </>
  );
}
