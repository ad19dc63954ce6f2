import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "../_components/auth/auth-card";
import { SignupForm } from "../_components/auth/signup-form";
import { InlineError } from "../_components/inline-error";
import { isCloudEdition } from "@/lib/edition/edition";
import { inviteEmail, lookupInvite } from "@/lib/invites/lookup-invite";
import { inviteProblem } from "@/lib/invites/invite-problem";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign up" };

const signIn = (next?: string) => (
  <>
    Already have an account?{" "}
    <Link href={next ? `/login?next=${encodeURIComponent(next)}` : "/login"} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
      Sign in
    </Link>
  </>
);

export default async function SignupPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const invite = typeof sp.invite === "string" && sp.invite ? sp.invite : null;
  const cloud = isCloudEdition();

  if (invite) {
    const found = await lookupInvite({ token: invite });
    const problem = inviteProblem(found.state);
    if (problem) {
      return (
        <AuthCard title="This invitation cannot be used" description="Ask whoever invited you for a new link." footer={signIn()}>
          <InlineError message={problem} />
        </AuthCard>
      );
    }
    return (
      <AuthCard
        title={`Join ${found.organizationName}`}
        description={`Create your account to join as ${found.role === "admin" ? "an admin" : `a ${found.role}`}.`}
        footer={signIn(`/join/${invite}`)}
      >
        <SignupForm inviteToken={invite} emailRequired={cloud} defaultEmail={(await inviteEmail({ token: invite })) ?? undefined} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={cloud ? "Create your account" : "Create the first account"}
      description={cloud ? "You get an organization of your own and become its owner. Invite your team later." : "This sets up your organization. You become its owner."}
      footer={signIn()}
    >
      <SignupForm emailRequired={cloud} />
    </AuthCard>
  );
}
