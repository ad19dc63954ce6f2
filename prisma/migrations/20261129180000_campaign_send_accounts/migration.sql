-- Sending spread over accounts (docs/sending-limits.md "Spread over accounts"): the accounts a campaign may send from,
-- and when each account was last given a draft that had none, so accounts with equal room take turns.
CREATE TABLE "campaign_send_accounts" (
    "organization_id" INTEGER NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "campaign_send_accounts_pkey" PRIMARY KEY ("campaign_id", "account_id")
);
CREATE INDEX "campaign_send_accounts_organization_id_account_id_idx" ON "campaign_send_accounts"("organization_id", "account_id");
ALTER TABLE "campaign_send_accounts" ADD CONSTRAINT "campaign_send_accounts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "campaign_send_accounts" ADD CONSTRAINT "campaign_send_accounts_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "campaign_send_accounts" ADD CONSTRAINT "campaign_send_accounts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "accounts" ADD COLUMN "last_assigned_at" TIMESTAMPTZ(6);
