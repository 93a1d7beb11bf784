-- CreateTable
CREATE TABLE "TerminalCheckout" (
    "id" VARCHAR(255) NOT NULL,
    "orderId" UUID NOT NULL,
    "amount" DECIMAL(10,2) NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "cancelReason" VARCHAR(40),
    "paymentId" UUID,
    "actorId" UUID,
    "actorEmail" VARCHAR(255),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TerminalCheckout_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdempotentRequest" (
    "route" VARCHAR(120) NOT NULL,
    "key" VARCHAR(100) NOT NULL,
    "actorId" UUID,
    "requestHash" VARCHAR(64) NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "answer" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotentRequest_pkey" PRIMARY KEY ("route","key")
);

-- CreateIndex
CREATE INDEX "TerminalCheckout_orderId_createdAt_idx" ON "TerminalCheckout"("orderId", "createdAt");

-- CreateIndex
CREATE INDEX "IdempotentRequest_createdAt_idx" ON "IdempotentRequest"("createdAt");

-- AddForeignKey
ALTER TABLE "TerminalCheckout" ADD CONSTRAINT "TerminalCheckout_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

