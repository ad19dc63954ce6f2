"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import type { UnsavedChanges } from "./use-unsaved-changes";

/** The question useUnsavedChanges asks when a link would drop unsaved edits. Stay is the default (Escape, Enter). */
export function UnsavedChangesDialog({ guard, children }: { guard: UnsavedChanges; children?: ReactNode }) {
  if (guard.leavingTo === null) return null;
  return (
    <Dialog
      open
      onClose={guard.stay}
      title="Leave without saving?"
      actions={
        <>
          <Button variant="secondary" onClick={guard.stay} autoFocus>
            Stay on this page
          </Button>
          <Button variant="danger-solid" onClick={guard.leave}>
            Leave without saving
          </Button>
        </>
      }
    >
      {children ?? <p>Your changes on this page are not saved. If you leave now, they are lost.</p>}
    </Dialog>
  );
}
