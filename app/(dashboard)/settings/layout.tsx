// Every Settings page shares one row of sections. Sections a role cannot use are not shown (the API refuses them
// anyway), the cloud-only ones appear only in the cloud edition, and only once the operator has set them up. Plan and
// usage is always there (with or without Stripe, in both editions).
import type { ReactNode } from "react";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { isCloudEdition } from "@/lib/edition/edition";
import { readEnv } from "@/lib/env";
import { SettingsNav, type SettingsSection } from "./settings-nav";

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const { role, authEnabled } = await getPageContext();
  const admin = hasRole(role, "admin");
  const cloud = isCloudEdition();
  const sections: SettingsSection[] = [
    { href: "/settings", label: "General" },
    // Without sign-in there is one implicit owner, nobody to invite and no account of one's own.
    ...(authEnabled ? [{ href: "/settings/account", label: "Account" }, { href: "/settings/members", label: "Members" }] : []),
    // Every member sees the plan and its usage; where Stripe is set up, owners change the plan there.
    { href: "/settings/billing", label: "Plan and usage" },
    // Only for teams that also run the dashboard on a server of their own; named for them, not for the machinery.
    ...(admin && cloud && readEnv().OUTREACH_CLOUD_SIGNING_KEY ? [{ href: "/settings/cloud-runner", label: "Self-hosted installs" }] : []),
    ...(admin ? [{ href: "/settings/webhooks", label: "Webhooks" }, { href: "/settings/api-keys", label: "API keys" }] : []),
    // Single sign-on signs people in to this organization, so it exists only with sign-in on.
    ...(admin && authEnabled ? [{ href: "/settings/sso", label: "Single sign-on" }] : []),
  ];
  return (
    <>
      {sections.length > 1 ? <SettingsNav sections={sections} /> : null}
      {children}
    </>
  );
}
