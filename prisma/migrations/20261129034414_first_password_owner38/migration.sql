-- AlterTable
ALTER TABLE "User" ADD COLUMN     "passwordChangeRequired" BOOLEAN NOT NULL DEFAULT false;

