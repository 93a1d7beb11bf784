-- AlterTable
ALTER TABLE "Drop" ADD COLUMN     "announce" BOOLEAN NOT NULL DEFAULT true;

