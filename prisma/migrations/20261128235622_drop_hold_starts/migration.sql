-- CreateTable
CREATE TABLE "DropHoldStart" (
    "dropId" UUID NOT NULL,
    "holder" VARCHAR(100) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DropHoldStart_pkey" PRIMARY KEY ("dropId","holder")
);

-- AddForeignKey
ALTER TABLE "DropHoldStart" ADD CONSTRAINT "DropHoldStart_dropId_fkey" FOREIGN KEY ("dropId") REFERENCES "Drop"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written: guest holds (X-Hold-Key) are no longer taken; let go of any
-- left, with their units' counters.
UPDATE "DropUnit" u SET "held" = u."held" - g."units"
  FROM (SELECT "dropUnitId", sum("units")::int AS "units" FROM "DropHold"
        WHERE "holder" LIKE 'guest:%' GROUP BY 1) g
  WHERE u."id" = g."dropUnitId";
DELETE FROM "DropHold" WHERE "holder" LIKE 'guest:%';
