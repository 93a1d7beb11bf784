-- CreateTable
CREATE TABLE "BookingSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "horizonDays" INTEGER NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BookingSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CapacityShareExemption" (
    "userId" UUID NOT NULL,
    "createdBy" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CapacityShareExemption_pkey" PRIMARY KEY ("userId")
);

