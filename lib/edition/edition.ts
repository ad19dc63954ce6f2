// Which edition this install is (OUTREACH_EDITION): the hosted cloud edition adds open sign-up, organizations of
// one's own, billing and cloud runner tokens; self-hosted installs show none of it (docs/cloud-edition.md). Read at
// call time, so a test can switch it.
import { readEnv } from "@/lib/env";

export function isCloudEdition(): boolean {
  return readEnv().OUTREACH_EDITION === "cloud";
}
