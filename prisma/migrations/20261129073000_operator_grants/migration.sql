-- Operators are granted to an existing user from the server's command line and recognised by this column, no longer
-- by a username the environment names (a name anyone could take at sign-up).
ALTER TABLE "users" ADD COLUMN "operator_since" TIMESTAMPTZ(6);
