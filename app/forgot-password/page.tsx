// Forgot password: asks for the account's address and mails a reset link (POST /api/auth/password-reset). When this
// install sends no mail, the page says so instead of offering a form that cannot work.
import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "../_components/auth/auth-card";
import { ForgotPasswordForm } from "../_components/auth/forgot-password-form";
import { InlineError } from "../_components/inline-error";
import { mailSettings } from "@/lib/mail/mail-settings";
import { mailUnavailable } from "@/lib/mail/mail-unavailable";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Forgot password" };

const backToSignIn = (
  <>
    Remembered it?{" "}
    <Link href="/login" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
      Sign in
    </Link>
  </>
);

export default function ForgotPasswordPage() {
  if (!mailSettings()) {
    return (
      <AuthCard title="Reset your password" footer={backToSignIn}>
        <InlineError message={mailUnavailable("password_reset")} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset your password" description="Enter the email address of your account. We will mail you a link to choose a new password." footer={backToSignIn}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
