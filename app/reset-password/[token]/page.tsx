// Where a password reset link lands: the new password form, or one sentence when the link cannot be used (used,
// expired, replaced by a newer one, or unknown: the same words for each).
import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/app/_components/auth/auth-card";
import { ResetPasswordForm } from "@/app/_components/auth/reset-password-form";
import { LinkButton } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { accountTokenUsable, INVALID_LINK } from "@/lib/users/account-token";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Choose a new password" };

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  if (!(await accountTokenUsable({ token, purpose: "password_reset" }))) {
    return (
      <AuthCard title="This link can't be used">
        <div className="space-y-4">
          <InlineError message={INVALID_LINK.password_reset} />
          <LinkButton href="/forgot-password" className="w-full">
            Ask for a new link
          </LinkButton>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      description="Setting it signs you out of every other browser and device."
      footer={
        <Link href="/login" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          Back to sign in
        </Link>
      }
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
