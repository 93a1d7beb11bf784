-- AlterTable
ALTER TABLE "OutboundMail" ADD COLUMN     "calendar" TEXT,
ADD COLUMN     "calendarName" VARCHAR(100);

