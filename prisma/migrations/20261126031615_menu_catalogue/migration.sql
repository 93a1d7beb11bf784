-- CreateTable
CREATE TABLE "MenuCategory" (
    "id" VARCHAR(60) NOT NULL,
    "label" VARCHAR(40) NOT NULL,
    "image" VARCHAR(200),
    "imageAlt" VARCHAR(200) NOT NULL DEFAULT '',
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MenuCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MenuItem" (
    "id" VARCHAR(60) NOT NULL,
    "categoryId" VARCHAR(60) NOT NULL,
    "name" VARCHAR(80) NOT NULL,
    "description" VARCHAR(400) NOT NULL DEFAULT '',
    "priceCents" INTEGER NOT NULL,
    "maxQuantity" INTEGER,
    "fillings" BOOLEAN NOT NULL DEFAULT false,
    "addIns" BOOLEAN NOT NULL DEFAULT false,
    "image" VARCHAR(200),
    "imageAlt" VARCHAR(200) NOT NULL DEFAULT '',
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "soldOutUntil" VARCHAR(10),
    "soldOutDates" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "availableFrom" VARCHAR(10),
    "availableUntil" VARCHAR(10),
    "weekdays" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "position" INTEGER NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MenuItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MenuItemVariant" (
    "itemId" VARCHAR(60) NOT NULL,
    "id" VARCHAR(20) NOT NULL,
    "label" VARCHAR(40) NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "MenuItemVariant_pkey" PRIMARY KEY ("itemId","id")
);

-- CreateTable
CREATE TABLE "MenuVersion" (
    "id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "publishedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedBy" UUID,
    "summary" VARCHAR(2000) NOT NULL,
    "restoredFrom" INTEGER,
    "snapshot" JSONB NOT NULL,

    CONSTRAINT "MenuVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MenuItem_categoryId_position_idx" ON "MenuItem"("categoryId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "MenuVersion_number_key" ON "MenuVersion"("number");

-- AddForeignKey
ALTER TABLE "MenuItem" ADD CONSTRAINT "MenuItem_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "MenuCategory"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MenuItemVariant" ADD CONSTRAINT "MenuItemVariant_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "MenuItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

