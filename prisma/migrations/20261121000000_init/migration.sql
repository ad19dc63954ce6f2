-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('owner', 'admin', 'member');

-- CreateEnum
CREATE TYPE "CampaignState" AS ENUM ('draft', 'active');

-- CreateEnum
CREATE TYPE "TemplateKind" AS ENUM ('dm', 'comment', 'post');

-- CreateEnum
CREATE TYPE "BlocklistType" AS ENUM ('user', 'community', 'keyword');

-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('running', 'success', 'failed');

-- CreateEnum
CREATE TYPE "DraftState" AS ENUM ('pending_review', 'proposed', 'approved', 'rejected', 'sent', 'armed', 'replied');

-- CreateEnum
CREATE TYPE "DraftKind" AS ENUM ('dm', 'post', 'post_comment', 'reply_dm', 'reply_comment');

-- CreateEnum
CREATE TYPE "ThreadKind" AS ENUM ('dm', 'post_comment');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'delivered', 'dead');

-- CreateTable
CREATE TABLE "organizations" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "stripe_customer_id" TEXT,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "subscription_status" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organizations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "username" TEXT NOT NULL,
    "name" TEXT,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "memberships" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'member',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "memberships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_throttles" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "window_started_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "login_throttles_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "known_login_addresses" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "last_seen_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "known_login_addresses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "projects" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "source_path" TEXT,
    "archived_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "projects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounts" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "project_id" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "platform_id" TEXT NOT NULL,
    "display_name" TEXT,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "credentials_ciphertext" BYTEA,
    "credentials_key_id" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaigns" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "project_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "skill" TEXT NOT NULL,
    "runner" TEXT NOT NULL,
    "cron" TEXT,
    "config" JSONB NOT NULL DEFAULT '{}',
    "state" "CampaignState" NOT NULL DEFAULT 'draft',
    "auto_post" BOOLEAN NOT NULL DEFAULT false,
    "playbook_id" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "templates" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "project_id" INTEGER NOT NULL,
    "kind" "TemplateKind" NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blocklist_entries" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "project_id" INTEGER,
    "type" "BlocklistType" NOT NULL,
    "value" TEXT NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blocklist_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_config" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "dedup_policy" JSONB,
    "quality_rubric" JSONB,
    "runner_configs" JSONB NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "app_config_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "playbooks" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL,
    "is_builtin" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "playbooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "runs" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "campaign_id" INTEGER,
    "project_id" INTEGER,
    "kind" TEXT NOT NULL,
    "status" "RunStatus" NOT NULL DEFAULT 'running',
    "trigger" TEXT NOT NULL DEFAULT 'manual',
    "runner" TEXT NOT NULL,
    "model" TEXT,
    "playbook_slug" TEXT,
    "playbook_body" TEXT,
    "params" JSONB NOT NULL DEFAULT '{}',
    "failure_reason" TEXT,
    "exit_code" INTEGER,
    "error" TEXT,
    "stop_reason" TEXT,
    "run_token_hash" TEXT,
    "input_tokens" INTEGER,
    "output_tokens" INTEGER,
    "cache_read_tokens" INTEGER,
    "cache_creation_tokens" INTEGER,
    "cost_usd" DECIMAL(12,6),
    "started_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "run_events" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "run_id" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "run_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staging_candidates" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "run_id" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "target_user" TEXT NOT NULL,
    "community" TEXT,
    "source_url" TEXT,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "shortlisted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staging_candidates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "drafts" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "state" "DraftState" NOT NULL DEFAULT 'pending_review',
    "kind" "DraftKind" NOT NULL,
    "platform" TEXT NOT NULL,
    "project_id" INTEGER,
    "account_id" INTEGER,
    "account_handle" TEXT NOT NULL,
    "target_user" TEXT NOT NULL,
    "target_community" TEXT,
    "target_url" TEXT,
    "title" TEXT,
    "campaign_id" INTEGER,
    "run_id" INTEGER,
    "body" TEXT NOT NULL,
    "previous_body" TEXT,
    "body_edited" BOOLEAN NOT NULL DEFAULT false,
    "dedup_warning" JSONB,
    "scheduled_send_after" TIMESTAMPTZ(6),
    "quality_score" INTEGER,
    "quality_reason" TEXT,
    "quality_model" TEXT,
    "regeneration_count" INTEGER NOT NULL DEFAULT 0,
    "variant_group_id" TEXT,
    "variant_label" TEXT,
    "parent_message_id" INTEGER,
    "drafting_run_id" INTEGER,
    "sent_at" TIMESTAMPTZ(6),
    "replied_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "drafts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "draft_events" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "draft_id" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "actor_type" TEXT NOT NULL,
    "actor_id" INTEGER,
    "actor_label" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "draft_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "draft_regeneration_hints" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "draft_id" INTEGER NOT NULL,
    "hint" TEXT,
    "run_id" INTEGER,
    "user_id" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "draft_regeneration_hints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_history" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "target_user" TEXT NOT NULL,
    "account_handle" TEXT NOT NULL,
    "project_id" INTEGER,
    "last_draft_id" INTEGER,
    "first_contacted_at" TIMESTAMPTZ(6) NOT NULL,
    "last_contacted_at" TIMESTAMPTZ(6) NOT NULL,
    "outcome" TEXT NOT NULL DEFAULT 'sent',

    CONSTRAINT "contact_history_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversation_threads" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "account_handle" TEXT NOT NULL,
    "target_user" TEXT NOT NULL,
    "kind" "ThreadKind" NOT NULL,
    "parent_draft_id" INTEGER NOT NULL,
    "external_id" TEXT,
    "last_message_at" TIMESTAMPTZ(6) NOT NULL,
    "message_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversation_threads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversation_messages" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "thread_id" INTEGER NOT NULL,
    "direction" TEXT NOT NULL,
    "author" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "external_id" TEXT,
    "permalink" TEXT,
    "sent_at" TIMESTAMPTZ(6) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversation_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "project_insights" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "project_id" INTEGER NOT NULL,
    "run_id" INTEGER,
    "summary_md" TEXT NOT NULL,
    "evidence" JSONB NOT NULL DEFAULT '[]',
    "is_stub" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "project_insights_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "extension_devices" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "name" TEXT NOT NULL DEFAULT 'Browser extension',
    "token_hash" TEXT NOT NULL,
    "token_prefix" TEXT NOT NULL,
    "last_sync_status" JSONB,
    "last_sync_at" TIMESTAMPTZ(6),
    "last_seen_at" TIMESTAMPTZ(6),
    "revoked" BOOLEAN NOT NULL DEFAULT false,
    "revoked_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "extension_devices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pairing_codes" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "code_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pairing_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "read_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "notification_id" INTEGER,
    "webhook_id" TEXT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 8,
    "last_error" TEXT,
    "next_attempt_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(6),
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "organizations_slug_key" ON "organizations"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "organizations_stripe_customer_id_key" ON "organizations"("stripe_customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "users_username_key" ON "users"("username");

-- CreateIndex
CREATE INDEX "memberships_user_id_idx" ON "memberships"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "memberships_organization_id_user_id_key" ON "memberships"("organization_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "known_login_addresses_user_id_address_key" ON "known_login_addresses"("user_id", "address");

-- CreateIndex
CREATE INDEX "projects_organization_id_created_at_idx" ON "projects"("organization_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "projects_organization_id_name_key" ON "projects"("organization_id", "name");

-- CreateIndex
CREATE INDEX "accounts_organization_id_project_id_idx" ON "accounts"("organization_id", "project_id");

-- CreateIndex
CREATE UNIQUE INDEX "accounts_organization_id_project_id_platform_platform_id_key" ON "accounts"("organization_id", "project_id", "platform", "platform_id");

-- CreateIndex
CREATE INDEX "campaigns_organization_id_created_at_idx" ON "campaigns"("organization_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "campaigns_organization_id_project_id_name_key" ON "campaigns"("organization_id", "project_id", "name");

-- CreateIndex
CREATE INDEX "templates_organization_id_project_id_kind_idx" ON "templates"("organization_id", "project_id", "kind");

-- CreateIndex
CREATE INDEX "blocklist_entries_organization_id_type_value_idx" ON "blocklist_entries"("organization_id", "type", "value");

-- CreateIndex
CREATE UNIQUE INDEX "app_config_organization_id_key" ON "app_config"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "playbooks_organization_id_slug_key" ON "playbooks"("organization_id", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "runs_run_token_hash_key" ON "runs"("run_token_hash");

-- CreateIndex
CREATE INDEX "runs_organization_id_campaign_id_created_at_idx" ON "runs"("organization_id", "campaign_id", "created_at");

-- CreateIndex
CREATE INDEX "runs_organization_id_status_idx" ON "runs"("organization_id", "status");

-- CreateIndex
CREATE INDEX "runs_organization_id_created_at_idx" ON "runs"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "run_events_organization_id_created_at_id_idx" ON "run_events"("organization_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "run_events_organization_id_run_id_seq_key" ON "run_events"("organization_id", "run_id", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "staging_candidates_organization_id_run_id_platform_target_u_key" ON "staging_candidates"("organization_id", "run_id", "platform", "target_user");

-- CreateIndex
CREATE INDEX "drafts_organization_id_state_created_at_idx" ON "drafts"("organization_id", "state", "created_at");

-- CreateIndex
CREATE INDEX "drafts_organization_id_campaign_id_idx" ON "drafts"("organization_id", "campaign_id");

-- CreateIndex
CREATE INDEX "drafts_organization_id_run_id_idx" ON "drafts"("organization_id", "run_id");

-- CreateIndex
CREATE INDEX "drafts_organization_id_platform_target_user_idx" ON "drafts"("organization_id", "platform", "target_user");

-- CreateIndex
CREATE INDEX "drafts_organization_id_variant_group_id_idx" ON "drafts"("organization_id", "variant_group_id");

-- CreateIndex
CREATE INDEX "draft_events_organization_id_draft_id_created_at_idx" ON "draft_events"("organization_id", "draft_id", "created_at");

-- CreateIndex
CREATE INDEX "draft_events_organization_id_created_at_id_idx" ON "draft_events"("organization_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "draft_regeneration_hints_organization_id_draft_id_created_a_idx" ON "draft_regeneration_hints"("organization_id", "draft_id", "created_at");

-- CreateIndex
CREATE INDEX "contact_history_organization_id_last_contacted_at_idx" ON "contact_history"("organization_id", "last_contacted_at");

-- CreateIndex
CREATE UNIQUE INDEX "contact_history_organization_id_platform_target_user_key" ON "contact_history"("organization_id", "platform", "target_user");

-- CreateIndex
CREATE INDEX "conversation_threads_organization_id_last_message_at_idx" ON "conversation_threads"("organization_id", "last_message_at");

-- CreateIndex
CREATE UNIQUE INDEX "conversation_threads_organization_id_parent_draft_id_key" ON "conversation_threads"("organization_id", "parent_draft_id");

-- CreateIndex
CREATE INDEX "conversation_messages_organization_id_thread_id_sent_at_idx" ON "conversation_messages"("organization_id", "thread_id", "sent_at");

-- CreateIndex
CREATE UNIQUE INDEX "conversation_messages_organization_id_external_id_key" ON "conversation_messages"("organization_id", "external_id");

-- CreateIndex
CREATE INDEX "project_insights_organization_id_project_id_created_at_idx" ON "project_insights"("organization_id", "project_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "extension_devices_token_hash_key" ON "extension_devices"("token_hash");

-- CreateIndex
CREATE INDEX "extension_devices_organization_id_revoked_idx" ON "extension_devices"("organization_id", "revoked");

-- CreateIndex
CREATE UNIQUE INDEX "pairing_codes_code_hash_key" ON "pairing_codes"("code_hash");

-- CreateIndex
CREATE INDEX "pairing_codes_organization_id_expires_at_idx" ON "pairing_codes"("organization_id", "expires_at");

-- CreateIndex
CREATE INDEX "notifications_organization_id_created_at_idx" ON "notifications"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "notifications_organization_id_read_at_idx" ON "notifications"("organization_id", "read_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_endpoints_organization_id_key" ON "webhook_endpoints"("organization_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_organization_id_status_created_at_idx" ON "webhook_deliveries"("organization_id", "status", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "known_login_addresses" ADD CONSTRAINT "known_login_addresses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "projects" ADD CONSTRAINT "projects_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_playbook_id_fkey" FOREIGN KEY ("playbook_id") REFERENCES "playbooks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "templates" ADD CONSTRAINT "templates_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "templates" ADD CONSTRAINT "templates_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blocklist_entries" ADD CONSTRAINT "blocklist_entries_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blocklist_entries" ADD CONSTRAINT "blocklist_entries_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "app_config" ADD CONSTRAINT "app_config_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "playbooks" ADD CONSTRAINT "playbooks_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_events" ADD CONSTRAINT "run_events_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_events" ADD CONSTRAINT "run_events_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staging_candidates" ADD CONSTRAINT "staging_candidates_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staging_candidates" ADD CONSTRAINT "staging_candidates_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_parent_message_id_fkey" FOREIGN KEY ("parent_message_id") REFERENCES "conversation_messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "draft_events" ADD CONSTRAINT "draft_events_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "draft_events" ADD CONSTRAINT "draft_events_draft_id_fkey" FOREIGN KEY ("draft_id") REFERENCES "drafts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "draft_regeneration_hints" ADD CONSTRAINT "draft_regeneration_hints_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "draft_regeneration_hints" ADD CONSTRAINT "draft_regeneration_hints_draft_id_fkey" FOREIGN KEY ("draft_id") REFERENCES "drafts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_history" ADD CONSTRAINT "contact_history_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_threads" ADD CONSTRAINT "conversation_threads_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_threads" ADD CONSTRAINT "conversation_threads_parent_draft_id_fkey" FOREIGN KEY ("parent_draft_id") REFERENCES "drafts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "conversation_threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_insights" ADD CONSTRAINT "project_insights_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_insights" ADD CONSTRAINT "project_insights_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "extension_devices" ADD CONSTRAINT "extension_devices_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairing_codes" ADD CONSTRAINT "pairing_codes_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_notification_id_fkey" FOREIGN KEY ("notification_id") REFERENCES "notifications"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Hand-written: constraints Prisma's schema language cannot express.
-- One default account per (project, platform).
CREATE UNIQUE INDEX "accounts_one_default_per_project_platform"
  ON "accounts" ("organization_id", "project_id", "platform") WHERE "is_default";

-- One blocklist entry per (organization, scope, type, value); a null project_id is the global scope.
CREATE UNIQUE INDEX "blocklist_entries_org_scope_type_value_key"
  ON "blocklist_entries" ("organization_id", COALESCE("project_id", 0), "type", "value");

-- At most one live campaign run per campaign (POST /api/run answers alreadyRunning instead of starting another).
-- Other kinds tied to a campaign (profile generation, reply drafting) may run beside it.
CREATE UNIQUE INDEX "runs_one_running_per_campaign"
  ON "runs" ("organization_id", "campaign_id") WHERE "status" = 'running' AND "kind" = 'campaign' AND "campaign_id" IS NOT NULL;
