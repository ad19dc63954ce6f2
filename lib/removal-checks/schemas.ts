// Inputs of the removal checks' routes (docs/removal-checks.md).
import { z } from "zod";

export const ZVisibilityCheckBody = z
  .object({
    permalink: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional()
      .describe("Where the sent post or comment is on the platform, when the draft does not know yet; kept on the draft"),
  })
  .strict();
