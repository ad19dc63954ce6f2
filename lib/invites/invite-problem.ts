// What the join and sign-up pages say about an invitation link that no longer works.
export type InviteState = "pending" | "accepted" | "revoked" | "expired" | "unknown";

export function inviteProblem(state: InviteState | string): string | null {
  switch (state) {
    case "pending":
      return null;
    case "accepted":
      return "This invitation link has already been used. Each link lets one person join.";
    case "revoked":
      return "This invitation was withdrawn by the organization.";
    case "expired":
      return "This invitation link has expired.";
    default:
      return "This invitation link is not valid. Check that it was copied whole.";
  }
}
