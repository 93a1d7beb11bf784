-- Issue 27: the Session table keys sessions by the SHA-256 (hex) of the
-- cookie's id, never the id itself. Sessions stored before cannot be found by
-- their hash: they are deleted, and everyone signs in again once.
DELETE FROM "Session";

-- AlterTable
ALTER TABLE "Session" DROP CONSTRAINT "Session_pkey",
ALTER COLUMN "sid" SET DATA TYPE CHAR(64),
ADD CONSTRAINT "Session_pkey" PRIMARY KEY ("sid");
