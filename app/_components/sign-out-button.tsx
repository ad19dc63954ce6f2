"use client";

import { useState } from "react";
import { Button } from "./button";
import { ConfirmButton } from "./confirm-button";

/** Sign out of this browser, or of every browser and device at once (a lost laptop, a shared computer). */
export function SignOutButton() {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  async function signOut(path: "/api/auth/logout" | "/api/auth/logout-everywhere") {
    setPending(true);
    setFailed(false);
    try {
      const res = await fetch(path, { method: "POST", credentials: "same-origin" });
      if (!res.ok) throw new Error(String(res.status));
      location.href = "/login";
    } catch {
      setFailed(true);
      setPending(false);
    }
  }

  return (
    <div>
      <Button variant="ghost" size="sm" pending={pending} onClick={() => signOut("/api/auth/logout")} className="w-full justify-start">
        Sign out
      </Button>
      <ConfirmButton
        variant="ghost"
        size="sm"
        description="Sign out everywhere"
        confirmLabel="Sign out everywhere"
        consequences="Every browser and device signed in to your account is signed out, this one included. Paired browser extensions and API keys keep working."
        onConfirm={() => signOut("/api/auth/logout-everywhere")}
      >
        <span className="text-xs text-zinc-500 dark:text-zinc-400">Sign out everywhere</span>
      </ConfirmButton>
      {failed ? (
        <p role="alert" className="mt-1 px-2.5 text-xs text-red-600 dark:text-red-400">
          Could not sign out. Try again.
        </p>
      ) : null}
    </div>
  );
}
