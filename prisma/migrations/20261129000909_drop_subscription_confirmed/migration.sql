-- AlterTable
ALTER TABLE "DropSubscription" ADD COLUMN     "confirmedAt" TIMESTAMPTZ(3);

-- Hand-written: subscriptions made before double opt-in were never
-- confirmed by their address (a stranger could make them); they stay
-- unconfirmed and are not mailed. Nothing to backfill.
