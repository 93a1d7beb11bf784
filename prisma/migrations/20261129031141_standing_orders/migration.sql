-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "standingOrderId" UUID;

-- CreateTable
CREATE TABLE "StandingOrder" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "items" JSONB NOT NULL,
    "everyWeeks" INTEGER NOT NULL,
    "firstDate" VARCHAR(10) NOT NULL,
    "endDate" VARCHAR(10),
    "pickupTime" VARCHAR(10) NOT NULL,
    "windowId" UUID,
    "deliveryMethod" VARCHAR(20) NOT NULL DEFAULT 'pickup',
    "deliveryAddress" VARCHAR(200),
    "deliveryCity" VARCHAR(100),
    "deliveryState" VARCHAR(50),
    "deliveryZip" VARCHAR(10),
    "deliveryInstructions" VARCHAR(300),
    "specialInstructions" VARCHAR(500),
    "customerPhone" VARCHAR(30),
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "pausedUntil" VARCHAR(10),
    "endedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StandingOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StandingOccurrence" (
    "standingOrderId" UUID NOT NULL,
    "date" VARCHAR(10) NOT NULL,
    "state" VARCHAR(20) NOT NULL,
    "orderId" UUID,
    "reason" TEXT,
    "remindedAt" TIMESTAMPTZ(3),
    "skipTokenHash" VARCHAR(64),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StandingOccurrence_pkey" PRIMARY KEY ("standingOrderId","date")
);

-- CreateTable
CREATE TABLE "StandingOrderSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "offered" BOOLEAN NOT NULL DEFAULT true,
    "productIds" JSONB,
    "reminderHours" INTEGER NOT NULL DEFAULT 24,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StandingOrderSetting_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StandingOrder_userId_createdAt_idx" ON "StandingOrder"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "StandingOrder_endedAt_idx" ON "StandingOrder"("endedAt");

-- CreateIndex
CREATE UNIQUE INDEX "StandingOccurrence_skipTokenHash_key" ON "StandingOccurrence"("skipTokenHash");

-- CreateIndex
CREATE INDEX "StandingOccurrence_date_state_idx" ON "StandingOccurrence"("date", "state");

-- CreateIndex
CREATE INDEX "Order_standingOrderId_pickupDate_idx" ON "Order"("standingOrderId", "pickupDate");

-- AddForeignKey
ALTER TABLE "StandingOrder" ADD CONSTRAINT "StandingOrder_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StandingOccurrence" ADD CONSTRAINT "StandingOccurrence_standingOrderId_fkey" FOREIGN KEY ("standingOrderId") REFERENCES "StandingOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

