import { LinkButton } from "@/app/_components/button";
import { EmptyState } from "@/app/_components/empty-state";

export default function DashboardNotFound() {
  return (
    <EmptyState
      className="mt-10"
      title="Not found"
      description="This page does not exist, or it belongs to another organization."
      action={<LinkButton href="/">Back to Home</LinkButton>}
    />
  );
}
