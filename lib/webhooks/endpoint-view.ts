// An endpoint as the API and Settings show it: never its secret (only the prefix), and a delivery summary.
export const endpointSelect = {
  id: true, url: true, webhookId: true, description: true, eventTypes: true, enabled: true, disabledReason: true,
  secretPrefix: true, previousSecretExpiresAt: true, createdAt: true, updatedAt: true,
} as const;

export interface EndpointRow {
  id: number;
  url: string;
  webhookId: string;
  description: string | null;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  secretPrefix: string;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toEndpointView(row: EndpointRow, now: Date = new Date()) {
  const { previousSecretExpiresAt, ...rest } = row;
  return {
    ...rest,
    // While the previous secret still signs (after a rotation), until when.
    previousSecretActiveUntil: previousSecretExpiresAt && previousSecretExpiresAt > now ? previousSecretExpiresAt : null,
  };
}
