-- CreateTable
CREATE TABLE "IntegrationSetting" (
    "service" VARCHAR(20) NOT NULL,
    "settings" JSONB NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedBy" VARCHAR(255),

    CONSTRAINT "IntegrationSetting_pkey" PRIMARY KEY ("service")
);

