// Actions that belong to a person (switching, leaving, accepting an invitation) need sign-in on: with it off there
// is one organization and no users.
import { AppError } from "@/lib/http/errors";

export function requireUser(caller: { userId: number | null; username: string | null }): { userId: number; username: string } {
  if (caller.userId === null || caller.username === null) throw new AppError("conflict", "Sign-in is off on this install: there are no users or other organizations");
  return { userId: caller.userId, username: caller.username };
}
