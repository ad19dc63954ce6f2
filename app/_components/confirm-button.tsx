"use client";

import { useId, useState, type ReactNode } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";
import { Dialog } from "./dialog";
import { Input } from "./input";

type ConfirmButtonProps = {
  /** Runs once the person confirms in the dialog. Throwing keeps nothing open; the caller shows the error. */
  onConfirm: () => void | Promise<void>;
  children: ReactNode;
  /** The dialog's confirm button, e.g. "Delete project" (a trailing "?" is dropped). */
  confirmLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  pending?: boolean;
  disabled?: boolean;
  /** What will happen, e.g. "Delete project Acme": the trigger's accessible name and the dialog's title. */
  description?: string;
  /** What goes with it, shown in the dialog ("Its accounts, campaigns and templates are deleted too."). */
  consequences?: ReactNode;
  /** When set, the confirm button stays disabled until this exact text is typed (a project's name). */
  typeToConfirm?: string;
};

/**
 * A destructive action behind a real confirmation: the button opens a dialog that names what goes, and only its own
 * confirm button acts. A double click on the trigger opens the dialog and lands on it, never on a second "yes".
 */
export function ConfirmButton({
  onConfirm,
  children,
  confirmLabel = "Confirm",
  variant = "danger",
  size = "sm",
  pending,
  disabled,
  description,
  consequences,
  typeToConfirm,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const label = confirmLabel.replace(/\?$/, "");
  const ready = typeToConfirm === undefined || typed.trim() === typeToConfirm;

  async function confirm() {
    if (!ready) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }

  return (
    <>
      <Button
        variant={variant}
        size={size}
        pending={pending}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-label={description}
        onClick={() => {
          setTyped("");
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {open ? (
        <Dialog
          open
          onClose={() => setOpen(false)}
          title={description ? `${description}?` : `${label}?`}
          actions={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)} autoFocus>
                Cancel
              </Button>
              <Button variant="danger-solid" onClick={confirm} pending={busy || pending} disabled={!ready}>
                {label}
              </Button>
            </>
          }
        >
          <div className="space-y-3">
            {consequences ? <div>{consequences}</div> : <p>This cannot be undone.</p>}
            {typeToConfirm !== undefined ? (
              <Input
                id={inputId}
                label={`Type "${typeToConfirm}" to confirm`}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                onKeyDown={(e) => {
                  if (e.key === "Enter") void confirm();
                }}
              />
            ) : null}
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
