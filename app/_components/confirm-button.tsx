"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";

type ConfirmButtonProps = {
  /** Runs after the second click. Throwing leaves the button armed-off; the caller shows the error. */
  onConfirm: () => void | Promise<void>;
  children: ReactNode;
  confirmLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  pending?: boolean;
  disabled?: boolean;
  /** Accessible description of what will happen, e.g. "Delete project Acme". */
  description?: string;
};

/**
 * A destructive action that needs two clicks: the first arms it ("Confirm delete?"), the second runs it.
 * It disarms after a few seconds or on Escape, so a stray click never deletes anything.
 */
export function ConfirmButton({
  onConfirm,
  children,
  confirmLabel = "Click again to confirm",
  variant = "danger",
  size = "sm",
  pending,
  disabled,
  description,
}: ConfirmButtonProps) {
  const [armed, setArmed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  function disarm() {
    setArmed(false);
    if (timer.current) clearTimeout(timer.current);
  }

  async function handleClick() {
    if (!armed) {
      setArmed(true);
      timer.current = setTimeout(() => setArmed(false), 4000);
      return;
    }
    disarm();
    await onConfirm();
  }

  return (
    <Button
      variant={armed ? "danger-solid" : variant}
      size={size}
      pending={pending}
      disabled={disabled}
      onClick={handleClick}
      onKeyDown={(e) => {
        if (e.key === "Escape") disarm();
      }}
      onBlur={disarm}
      aria-label={description ? (armed ? `${confirmLabel}: ${description}` : description) : undefined}
    >
      {armed ? confirmLabel : children}
    </Button>
  );
}
