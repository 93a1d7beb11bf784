-- AlterTable
ALTER TABLE "StandingOrderSetting" ADD COLUMN     "substitutes" JSONB;

