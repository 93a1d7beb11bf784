-- AlterTable
ALTER TABLE "OutboundMail" ADD COLUMN     "changes" JSONB,
ADD COLUMN     "orderId" UUID;

-- CreateIndex
CREATE INDEX "OutboundMail_orderId_kind_idx" ON "OutboundMail"("orderId", "kind");

