-- AlterTable
ALTER TABLE "User" ADD COLUMN     "totpSetupRequired" BOOLEAN NOT NULL DEFAULT false,
ALTER COLUMN "totpSecret" SET DATA TYPE VARCHAR(160);

-- CreateTable
CREATE TABLE "EmailChange" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "oldEmail" VARCHAR(255) NOT NULL,
    "newEmail" VARCHAR(255) NOT NULL,
    "confirmToken" VARCHAR(64) NOT NULL,
    "undoToken" VARCHAR(64),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "undoExpiresAt" TIMESTAMPTZ(3),
    "confirmedAt" TIMESTAMPTZ(3),
    "undoneAt" TIMESTAMPTZ(3),

    CONSTRAINT "EmailChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EmailChange_confirmToken_key" ON "EmailChange"("confirmToken");

-- CreateIndex
CREATE UNIQUE INDEX "EmailChange_undoToken_key" ON "EmailChange"("undoToken");

-- CreateIndex
CREATE INDEX "EmailChange_userId_idx" ON "EmailChange"("userId");

-- AddForeignKey
ALTER TABLE "EmailChange" ADD CONSTRAINT "EmailChange_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

