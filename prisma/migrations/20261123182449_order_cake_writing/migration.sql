-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "cakeWriting" VARCHAR(60);
