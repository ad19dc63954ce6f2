// Every Settings page shares one row of sections. Sections a role cannot use are not shown (the API refuses them
// anyway), the cloud-only ones appear only in the cloud edition, and only once the operator has set them up.
import type { ReactNode } from "react";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { isCloudEdition } from "@/lib/edition/edition";
import { readEnv } from "@/lib/env";
import { billingSettings } from "@/lib/billing/billing-settings";
import { SettingsNav, type SettingsSection } from "./settings-nav";

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const { role, authEnabled } = await getPageContext();
  const admin = hasRole(role, "admin");
  const cloud = isCloudEdition();
  const sections: SettingsSection[] = [
    { href: "/settings", label: "General" },
    // Without sign-in there is one implicit owner, nobody to invite and no account of one's own.
    ...(authEnabled ? [{ href: "/settings/account", label: "Account" }, { href: "/settings/members", label: "Members" }] : []),
    // Sections the operator has not set up do not exist for customers (the Operator area says what to set).
    ...(admin && cloud && billingSettings() ? [{ href: "/settings/billing", label: "Billing" }] : []),
    ...(admin && cloud && readEnv().OUTREACH_CLOUD_SIGNING_KEY ? [{ href: "/settings/cloud-runner", label: "Cloud runner" }] : []),
    ...(admin ? [{ href: "/settings/webhooks", label: "Webhooks" }, { href: "/settings/api-keys", label: "API keys" }] : []),
  ];
  return (
    <>
      {sections.length > 1 ? <SettingsNav sections={sections} /> : null}
      {children}
    </>
  );
}
