-- Full-text search of the inbox (draft bodies, titles and target handles) and of People (thread handles, message
-- authors and text). Written by hand: Prisma's schema language has no generated columns or GIN indexes on
-- expressions, so neither column is in schema.prisma (docs/database.md "Constraints written by hand").
-- The 'simple' configuration keeps every word as written (no stemming, no stop words): handles and product names
-- must match as typed, whatever the language of the draft.
-- Stored, not computed per query: the planner may check candidate rows one by one (walking the id index for the
-- newest matches), and reading a stored vector is far cheaper than parsing the body again.

-- AddColumn
ALTER TABLE "drafts" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "target_user" || ' ' || coalesce("title", '') || ' ' || "body")) STORED;

-- CreateIndex
CREATE INDEX "drafts_search_vector_idx" ON "drafts" USING gin ("search_vector");

-- AddColumn
ALTER TABLE "conversation_messages" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "author" || ' ' || "body")) STORED;

-- CreateIndex
CREATE INDEX "conversation_messages_search_vector_idx" ON "conversation_messages" USING gin ("search_vector");
