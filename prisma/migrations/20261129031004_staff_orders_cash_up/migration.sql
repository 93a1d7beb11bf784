-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "channel" VARCHAR(20) NOT NULL DEFAULT 'online';

-- CreateTable
CREATE TABLE "CashUp" (
    "id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "expected" DECIMAL(12,2) NOT NULL,
    "counted" DECIMAL(12,2) NOT NULL,
    "difference" DECIMAL(12,2) NOT NULL,
    "note" VARCHAR(500),
    "actorId" UUID,
    "actorEmail" VARCHAR(255),
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CashUp_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CashUp_day_at_idx" ON "CashUp"("day", "at");

