-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "archivedAt" TIMESTAMPTZ(3),
ADD COLUMN     "cancelledAt" TIMESTAMPTZ(3),
ADD COLUMN     "cancelledFrom" VARCHAR(20),
ADD COLUMN     "fulfillmentStatus" VARCHAR(20) NOT NULL DEFAULT 'received',
ADD COLUMN     "paidAt" TIMESTAMPTZ(3),
ADD COLUMN     "paymentMethod" VARCHAR(20),
ADD COLUMN     "pickupCode" VARCHAR(12),
ADD COLUMN     "readyAt" TIMESTAMPTZ(3),
ADD COLUMN     "refundPending" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "refundedAmount" DECIMAL(10,2) NOT NULL DEFAULT 0,
ADD COLUMN     "reminderSentAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE UNIQUE INDEX "Order_pickupCode_key" ON "Order"("pickupCode");

-- CreateIndex
CREATE INDEX "Order_paidAt_idx" ON "Order"("paidAt");


-- The counter's state of the orders already there (core's legacyFulfillment):
-- cancelled stays cancelled, complete is handed over, paid is confirmed.
UPDATE "Order" SET "fulfillmentStatus" = CASE
    WHEN "paymentStatus" = 'cancelled' THEN 'cancelled'
    WHEN "orderStatus" = 'complete' THEN
      CASE WHEN "deliveryMethod" = 'delivery' THEN 'delivered' ELSE 'picked_up' END
    WHEN "paymentStatus" IN ('paid', 'completed') THEN 'confirmed'
    ELSE 'received'
  END,
  "cancelledFrom" = CASE WHEN "paymentStatus" = 'cancelled' THEN 'received' END,
  "cancelledAt" = CASE WHEN "paymentStatus" = 'cancelled' THEN "updatedAt" END,
  -- The day the money came in, as well as history tells it (else the last change).
  "paidAt" = CASE WHEN "paymentStatus" IN ('paid', 'completed') THEN COALESCE(
      (SELECT min(h."at") FROM "OrderHistory" h
       WHERE h."orderId" = "Order"."id" AND h."field" = 'paymentStatus' AND h."to" IN ('paid', 'completed')),
      "updatedAt") END;

-- Whatever path marks an order paid (Square's webhook, staff, the counter),
-- the moment is kept once: takings are counted on the day money came in.
CREATE FUNCTION "bakery_order_paid_at"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW."paidAt" IS NULL AND NEW."paymentStatus" IN ('paid', 'completed') THEN
    NEW."paidAt" := now();
  END IF;
  RETURN NEW;
END
$fn$;

CREATE TRIGGER "Order_paid_at" BEFORE INSERT OR UPDATE OF "paymentStatus" ON "Order"
  FOR EACH ROW EXECUTE FUNCTION "bakery_order_paid_at"();
