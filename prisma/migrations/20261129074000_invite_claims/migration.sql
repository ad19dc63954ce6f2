-- An invitation made for an address is joined only by an account whose verified address it is; a person who signs up
-- with it joins when they confirm the address, so the invitation remembers who claimed it.
ALTER TABLE "invites" ADD COLUMN "claimed_by_id" INTEGER;
ALTER TABLE "invites" ADD CONSTRAINT "invites_claimed_by_id_fkey" FOREIGN KEY ("claimed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
