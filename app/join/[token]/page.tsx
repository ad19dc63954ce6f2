import type { Metadata } from "next";
import { cookies } from "next/headers";
import { AuthCard } from "@/app/_components/auth/auth-card";
import { LinkButton } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { resolveSessionCaller } from "@/lib/auth/resolve-session-caller";
import { lookupInvite } from "@/lib/invites/lookup-invite";
import { inviteProblem } from "@/lib/invites/invite-problem";
import { AcceptInvite } from "./accept-invite";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Join an organization" };

const article = (role: string) => (role === "admin" || role === "owner" ? `an ${role}` : `a ${role}`);

/** Where an invitation link lands: join with the account in this browser, or sign in / sign up first. */
export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = await lookupInvite({ token });
  const problem = inviteProblem(invite.state);
  if (problem || !invite.organizationName || !invite.role) {
    return (
      <AuthCard title="This invitation cannot be used" description="Ask whoever invited you for a new link.">
        <InlineError message={problem} />
      </AuthCard>
    );
  }

  const jar = await cookies();
  const caller = await resolveSessionCaller(jar.getAll().map((c) => `${c.name}=${c.value}`).join("; "));
  const here = `/join/${encodeURIComponent(token)}`;
  const description = `You are invited to join as ${article(invite.role)}.`;

  if (caller?.userId) {
    return (
      <AuthCard title={`Join ${invite.organizationName}`} description={description}>
        <AcceptInvite token={token} username={caller.username ?? ""} organizationName={invite.organizationName} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Join ${invite.organizationName}`} description={description}>
      <div className="space-y-3">
        <LinkButton href={`/signup?invite=${encodeURIComponent(token)}`} className="w-full">
          Create an account
        </LinkButton>
        <LinkButton href={`/login?next=${encodeURIComponent(here)}`} variant="secondary" className="w-full">
          I have an account: sign in
        </LinkButton>
      </div>
    </AuthCard>
  );
}
