// What a person is told when a feature needs mail and this install sends none. Customers of the cloud edition hear
// customer words; a self-hosted install's user is its operator, so there the settings are named.
import { isCloudEdition } from "@/lib/edition/edition";

/** `invitation`: after one was made with an address; `invitation_form`: beside the form's address field. */
export type MailFeature = "password_reset" | "verification" | "invitation" | "invitation_form";

const SETTINGS = "OUTREACH_SMTP_URL, OUTREACH_MAIL_FROM and OUTREACH_PUBLIC_URL";

export function mailUnavailable(feature: MailFeature): string {
  if (isCloudEdition()) {
    switch (feature) {
      case "password_reset":
        return "Email isn't available on this service right now, so a reset link can't be sent; ask your admin for an invitation link.";
      case "verification":
        return "Email isn't available on this service right now, so your address can't be verified yet. Please try again later.";
      case "invitation":
        return "Email isn't available on this service right now, so the invitation was not mailed: copy the link and send it yourself.";
      case "invitation_form":
        return "Email isn't available on this service right now: send the link yourself. The address still starts their sign-up.";
    }
  }
  switch (feature) {
    case "password_reset":
      return `Password reset by email is not set up on this install: outgoing mail needs ${SETTINGS} (see .env.example).`;
    case "verification":
      return `Email verification is not set up on this install: outgoing mail needs ${SETTINGS} (see .env.example).`;
    case "invitation":
      return `The invitation was not mailed: outgoing mail on this install needs ${SETTINGS} (see .env.example). Copy the link and send it yourself.`;
    case "invitation_form":
      return `Invitations are not mailed until outgoing mail is set up on this install (${SETTINGS}; see .env.example). Send the link yourself: the address still starts their sign-up.`;
  }
}
