-- Several processes share the deadlines: a claim names who handles a due deadline and until
-- when (a lease), so a claimer that dies gives the deadline back when the lease runs out.
ALTER TABLE matches ADD COLUMN deadline_claimed_by TEXT;
ALTER TABLE matches ADD COLUMN deadline_claim_until DOUBLE PRECISION;
