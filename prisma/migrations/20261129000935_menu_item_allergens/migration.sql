-- AlterTable
ALTER TABLE "MenuItem" ADD COLUMN     "contains" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "ingredients" VARCHAR(1000) NOT NULL DEFAULT '',
ADD COLUMN     "mayContain" TEXT[] DEFAULT ARRAY[]::TEXT[];

