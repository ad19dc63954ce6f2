import type { Metadata } from "next";
import { AuthCard } from "./_components/auth/auth-card";
import { LinkButton } from "./_components/button";

export const metadata: Metadata = { title: "Not found" };

/** Any address the app does not know, outside the dashboard's pages: the app's own look, and a way back. */
export default function NotFound() {
  return (
    <AuthCard title="Page not found" description="This address does not exist here. It may have been mistyped, or the page moved.">
      <LinkButton href="/" className="w-full">
        Back to the dashboard
      </LinkButton>
    </AuthCard>
  );
}
