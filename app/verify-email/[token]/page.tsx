// Where a verification link lands: one button that confirms the address (a page that verified on load would be spent
// by mail scanners that open links first), "already verified" when this link confirmed the account's address before,
// or one sentence when the link cannot be used.
import type { Metadata } from "next";
import { AuthCard } from "@/app/_components/auth/auth-card";
import { VerifyEmailButton } from "@/app/_components/auth/verify-email-button";
import { LinkButton } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { INVALID_LINK } from "@/lib/users/account-token";
import { verificationLinkState } from "@/lib/users/verification-link-state";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Confirm your email address" };

export default async function VerifyEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const state = await verificationLinkState({ token });
  if (state === "already_verified") {
    return (
      <AuthCard title="Your email address is already verified" description="This link was used to confirm it. There is nothing more to do.">
        <LinkButton href="/" className="w-full">
          Go to the dashboard
        </LinkButton>
      </AuthCard>
    );
  }
  if (state === "unusable") {
    return (
      <AuthCard title="This link can't be used">
        <div className="space-y-4">
          <InlineError message={INVALID_LINK.verify_email} />
          <LinkButton href="/settings/account" variant="secondary" className="w-full">
            Open your account settings
          </LinkButton>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your email address" description="One click, and this address is verified for your account.">
      <VerifyEmailButton token={token} />
    </AuthCard>
  );
}
