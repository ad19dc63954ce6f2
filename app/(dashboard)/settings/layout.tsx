// Every Settings page shares one row of sections. Sections a role cannot use are not shown (the API refuses them
// anyway), and the cloud-only ones appear only in the cloud edition.
import type { ReactNode } from "react";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { isCloudEdition } from "@/lib/edition/edition";
import { SettingsNav, type SettingsSection } from "./settings-nav";

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const { role, authEnabled } = await getPageContext();
  const admin = hasRole(role, "admin");
  const cloud = isCloudEdition();
  const sections: SettingsSection[] = [
    { href: "/settings", label: "General" },
    // Without sign-in there is one implicit owner and nobody to invite.
    ...(authEnabled ? [{ href: "/settings/members", label: "Members" }] : []),
    ...(admin && cloud ? [{ href: "/settings/billing", label: "Billing" }, { href: "/settings/cloud-runner", label: "Cloud runner" }] : []),
    ...(admin ? [{ href: "/settings/webhooks", label: "Webhooks" }, { href: "/settings/api-keys", label: "API keys" }] : []),
  ];
  return (
    <>
      {sections.length > 1 ? <SettingsNav sections={sections} /> : null}
      {children}
    </>
  );
}
