-- Live events (SPEC section 6): every committed insert or update of drafts announces the changed ids on the
-- outreach_events channel, whichever process made it (a route, the agent tool server, the CLI). One notification
-- per statement and organization; NOTIFY is transactional, so nothing is announced for a rolled-back change.
-- Payloads stay far below PostgreSQL's 8000-byte limit: more than 200 ids are announced as "many" (an empty list).
CREATE FUNCTION outreach_notify_drafts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT organization_id AS o, array_agg(id ORDER BY id) AS ids, count(*) AS n, min(run_id) AS run_id, count(DISTINCT run_id) AS runs
      FROM new_rows GROUP BY organization_id
  LOOP
    PERFORM pg_notify('outreach_events', json_build_object(
      'o', r.o,
      't', 'drafts:changed',
      'ids', CASE WHEN r.n <= 200 THEN to_json(r.ids) ELSE '[]'::json END,
      'runId', CASE WHEN r.runs = 1 THEN r.run_id END
    )::text);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER drafts_changed_after_insert AFTER INSERT ON "drafts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outreach_notify_drafts_changed();

CREATE TRIGGER drafts_changed_after_update AFTER UPDATE ON "drafts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outreach_notify_drafts_changed();

-- A campaign has at most one live campaign run (SPEC "Runs"): two Run now clicks, or a click racing the schedule,
-- cannot both start one. The loser reads the live run and answers alreadyRunning.
CREATE UNIQUE INDEX "runs_one_live_campaign_run" ON "runs" ("campaign_id") WHERE "status" = 'running' AND "kind" = 'campaign';
