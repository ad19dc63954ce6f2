-- People's search at scale (docs/performance.md "People search"). Both are expression indexes, which Prisma's
-- schema language cannot express, so schema.prisma only mentions them in a comment (docs/database.md).

-- The Threads tab's search matches the person's handle as a word ("person_12345", or its beginning): found in this
-- index instead of parsing every thread's handle of the organization per search.
CREATE INDEX "conversation_threads_target_user_search_idx" ON "conversation_threads"
  USING gin (to_tsvector('simple'::regconfig, "target_user"));

-- The All contacts tab links each contact to the person's latest thread by the lower-cased handle (contact history
-- keeps the canonical handle, threads the draft's spelling): without this, every page read every thread.
CREATE INDEX "conversation_threads_organization_id_target_user_lower_idx" ON "conversation_threads"
  ("organization_id", lower("target_user"));
