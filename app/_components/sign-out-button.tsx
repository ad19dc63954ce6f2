"use client";

import { useState } from "react";
import { Button } from "./button";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  async function signOut() {
    setPending(true);
    setFailed(false);
    try {
      const res = await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" });
      if (!res.ok) throw new Error(String(res.status));
      location.href = "/login";
    } catch {
      setFailed(true);
      setPending(false);
    }
  }

  return (
    <div>
      <Button variant="ghost" size="sm" pending={pending} onClick={signOut} className="w-full justify-start">
        Sign out
      </Button>
      {failed ? (
        <p role="alert" className="mt-1 px-2.5 text-xs text-red-600 dark:text-red-400">
          Could not sign out. Try again.
        </p>
      ) : null}
    </div>
  );
}
