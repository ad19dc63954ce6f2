-- The zone a person reads times in, for the mails sent to them (pages use the browser's zone). An IANA name such as
-- Europe/Paris; NULL means UTC. Checked by the app (Intl knows the names); a name a later Node no longer knows falls
-- back to UTC when a mail is written.
ALTER TABLE "users" ADD COLUMN "time_zone" TEXT;
