-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "paymentLinkSentAt" TIMESTAMPTZ(3),
ADD COLUMN     "releaseWarnedAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "BackupSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "time" VARCHAR(5) NOT NULL,
    "keepDaily" INTEGER NOT NULL,
    "keepWeekly" INTEGER NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BackupSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UnpaidOrderSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "releaseAfterHours" INTEGER NOT NULL,
    "warnBeforeHours" INTEGER NOT NULL,
    "maxOpenUnpaid" INTEGER NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "UnpaidOrderSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScheduledJob" (
    "name" VARCHAR(50) NOT NULL,
    "lockedUntil" TIMESTAMPTZ(3),
    "lockedBy" VARCHAR(100),
    "lastRunAt" TIMESTAMPTZ(3),
    "lastSuccessAt" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ScheduledJob_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "Order_paymentStatus_paymentLinkSentAt_idx" ON "Order"("paymentStatus", "paymentLinkSentAt");


-- Orders already waiting with a link count from this upgrade: each gets the
-- full time (and its warning) before it is released.
UPDATE "Order" SET "paymentLinkSentAt" = now()
WHERE "paymentStatus" = 'pending' AND "squarePaymentUrl" IS NOT NULL;
