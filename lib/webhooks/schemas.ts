// Webhook endpoints and deliveries as the API takes and shows them (docs/webhooks.md). An endpoint's URL is shown only
// to its organization's admins on its own page; lists and logs use its `webhookId`.
import { z } from "zod";
import { ZId, ZText } from "@/lib/http/fields";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";

export const ZWebhookUrl = z
  .string()
  .trim()
  .max(2000)
  .url("Enter a full URL, e.g. https://example.com/hooks/outreach")
  .refine((v) => /^https?:\/\//i.test(v), "The URL must start with http:// or https://")
  .describe("Where deliveries are POSTed");

const ZEventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .max(WEBHOOK_EVENT_TYPES.length)
  .describe("Event types this endpoint receives (notification kinds, draft.removed among them, and the webhook-only draft.approved, draft.rejected, draft.sent); empty or absent: every type");

export const ZEndpointInput = z
  .object({
    url: ZWebhookUrl,
    description: ZText.trim().max(200).nullable().optional(),
    eventTypes: ZEventTypes.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();

export const ZEndpointPatch = z
  .object({
    url: ZWebhookUrl,
    description: ZText.trim().max(200).nullable(),
    eventTypes: ZEventTypes,
    enabled: z.boolean().describe("Re-enabling clears a 410's disabled reason"),
  })
  .partial()
  .strict();

/** PUT /api/settings/webhooks (SPEC 4): the organization's single URL; null or "" turns it off. */
export const ZSettingsWebhook = z
  .object({ url: z.union([ZWebhookUrl, z.literal(""), z.null()]) })
  .strict();

export const DELIVERY_STATUSES = ["pending", "delivered", "dead"] as const;

export const ZDeliveriesQuery = z
  .object({
    status: z.enum(DELIVERY_STATUSES).optional(),
    cursor: ZId.optional().describe("nextCursor of the previous page"),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();

export type EndpointInput = z.infer<typeof ZEndpointInput>;
export type EndpointPatch = z.infer<typeof ZEndpointPatch>;
