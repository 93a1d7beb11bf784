-- The baseline: the whole schema as of 2026-11-26 in one migration (issue 21).
--
-- It replaces the 27 migrations written from 2026-11-22 to 2026-11-26
-- (20261122220506_init .. 20261126100000_book_order_in_one_statement), before
-- the shop's first release, which redefined the same trigger functions again
-- and again. Squashed as Prisma's guide "Squashing migrations" describes: a
-- database that ran that history holds exactly what this file makes, and
-- prisma/migrate.ts records this migration there as applied without running
-- it (SQUASHED_MIGRATIONS). Applying the old history or this file gives the
-- same `pg_dump --schema-only` and the same rows.
--
-- First part: what `prisma migrate diff --from-empty --to-schema-datamodel
-- schema.prisma --script` writes, except that the columns the old history
-- added later stand where it added them (User, Session, Order, OutboundMail,
-- Ingredient), so a new database and an old one are alike to the column
-- order, and that "Order" carries its two generated columns. Second part,
-- from "Hand-written" on: what Prisma's schema cannot say.

-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "User" (
    "id" UUID NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "password" TEXT NOT NULL,
    "firstName" VARCHAR(100) NOT NULL,
    "lastName" VARCHAR(100) NOT NULL,
    "phone" VARCHAR(30),
    "role" VARCHAR(20) NOT NULL DEFAULT 'customer',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "passwordChangedAt" TIMESTAMPTZ(3),
    "recoveryCodes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "totpEnabledAt" TIMESTAMPTZ(3),
    "totpLastStep" INTEGER,
    "totpSecret" VARCHAR(160),
    "totpSetupRequired" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

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

-- CreateTable
CREATE TABLE "Session" (
    "sid" CHAR(64) NOT NULL,
    "sess" JSONB NOT NULL,
    "expire" TIMESTAMPTZ(3) NOT NULL,
    "userId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "userAgent" VARCHAR(255),

    CONSTRAINT "Session_pkey" PRIMARY KEY ("sid")
);

-- CreateTable
CREATE TABLE "SecurityPolicy" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "staffTotpRequired" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SecurityPolicy_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PasswordResetToken" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "token" VARCHAR(128) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "usedAt" TIMESTAMPTZ(3),

    CONSTRAINT "PasswordResetToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateLimit" (
    "key" VARCHAR(255) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "resetAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "Order" (
    "id" UUID NOT NULL,
    "userId" UUID,
    "customerName" VARCHAR(100) NOT NULL,
    "customerEmail" VARCHAR(255) NOT NULL,
    "customerPhone" VARCHAR(30),
    "orderDate" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pickupDate" VARCHAR(10),
    "pickupTime" VARCHAR(10),
    "items" JSONB NOT NULL,
    "subtotal" DECIMAL(10,2) NOT NULL,
    "cakeOptionsFee" DECIMAL(10,2) NOT NULL DEFAULT 0,
    "rushFee" DECIMAL(10,2) NOT NULL DEFAULT 0,
    "tax" DECIMAL(10,2) NOT NULL,
    "total" DECIMAL(10,2) NOT NULL,
    "specialInstructions" VARCHAR(500),
    "hasCakeItems" BOOLEAN NOT NULL DEFAULT false,
    "cakeOptions" JSONB,
    "squarePaymentLinkId" VARCHAR(255),
    "squareOrderId" VARCHAR(255),
    "squarePaymentId" VARCHAR(255),
    "squarePaymentUrl" TEXT,
    "paymentStatus" VARCHAR(20) NOT NULL DEFAULT 'pending',
    "orderStatus" VARCHAR(20) NOT NULL DEFAULT 'in progress',
    "deliveryFeeStatus" VARCHAR(20) NOT NULL DEFAULT 'not_applicable',
    "deliveryMethod" VARCHAR(20) NOT NULL DEFAULT 'pickup',
    "deliveryAddress" VARCHAR(200),
    "deliveryCity" VARCHAR(100),
    "deliveryState" VARCHAR(50),
    "deliveryZip" VARCHAR(10),
    "deliveryInstructions" VARCHAR(300),
    "deliveryFee" DECIMAL(10,2) NOT NULL DEFAULT 0,
    "deliveryDistance" DECIMAL(6,2),
    "isRushOrder" BOOLEAN NOT NULL DEFAULT false,
    "fulfilledAt" TIMESTAMPTZ(3),
    "idempotencyKey" VARCHAR(100),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cakeWriting" VARCHAR(60),
    -- Generated (not in schema.prisma; Prisma Client never reads it; the
    -- order desk sorts by it): minutes after midnight of the pickup or
    -- delivery time ('8:00 AM' -> 480), so 8:00 AM sorts before 10:00 AM;
    -- NULL when the time is missing or odd.
    "dueMinutes" SMALLINT GENERATED ALWAYS AS (
      CASE WHEN "pickupTime" ~ '^[0-9]{1,2}:[0-9]{2} ?[AaPp][Mm]$' THEN
        ((split_part("pickupTime", ':', 1)::int % 12)
          + CASE WHEN upper("pickupTime") LIKE '%PM' THEN 12 ELSE 0 END) * 60
        + substr(split_part("pickupTime", ':', 2), 1, 2)::int
      END
    ) STORED,
    "archivedAt" TIMESTAMPTZ(3),
    "cancelledAt" TIMESTAMPTZ(3),
    "cancelledFrom" VARCHAR(20),
    "fulfillmentStatus" VARCHAR(20) NOT NULL DEFAULT 'received',
    "paidAt" TIMESTAMPTZ(3),
    "paymentMethod" VARCHAR(20),
    "pickupCode" VARCHAR(12),
    "readyAt" TIMESTAMPTZ(3),
    "refundPending" BOOLEAN NOT NULL DEFAULT false,
    "refundedAmount" DECIMAL(10,2) NOT NULL DEFAULT 0,
    "reminderSentAt" TIMESTAMPTZ(3),
    "paymentLinkSentAt" TIMESTAMPTZ(3),
    "releaseWarnedAt" TIMESTAMPTZ(3),
    -- Generated, for the order desk's quick search (trigram index below):
    -- everything it looks at, lowercased: name, e-mail, phone digits, order
    -- number (last 8 hex digits of the id), item names and options, the
    -- instructions, the cake writing, the address and the pickup code.
    "searchText" TEXT GENERATED ALWAYS AS (
      lower(
        "customerName" || ' ' || "customerEmail" || ' '
        || coalesce(regexp_replace("customerPhone", '[^0-9]', '', 'g'), '') || ' '
        || right(replace("id"::text, '-', ''), 8) || ' '
        || coalesce(jsonb_path_query_array("items", '$[*].name')::text, '') || ' '
        || coalesce(jsonb_path_query_array("items", '$[*].variantLabel')::text, '') || ' '
        || coalesce("specialInstructions", '') || ' '
        || coalesce("deliveryInstructions", '') || ' '
        || coalesce("cakeWriting", '') || ' '
        || coalesce("deliveryAddress", '') || ' '
        || coalesce("deliveryCity", '') || ' '
        || coalesce("deliveryZip", '') || ' '
        || coalesce("pickupCode", '')
      )
    ) STORED,

    CONSTRAINT "Order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderHistory" (
    "id" UUID NOT NULL,
    "orderId" UUID NOT NULL,
    "actorId" UUID,
    "actorEmail" VARCHAR(255),
    "field" VARCHAR(50) NOT NULL,
    "from" TEXT,
    "to" TEXT,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderHistory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboundMail" (
    "id" UUID NOT NULL,
    "kind" VARCHAR(40) NOT NULL,
    "to" VARCHAR(255) NOT NULL,
    "subject" VARCHAR(300) NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "status" VARCHAR(20) NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMPTZ(3),
    "sentAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "calendar" TEXT,
    "calendarName" VARCHAR(100),

    CONSTRAINT "OutboundMail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProcessedWebhook" (
    "id" VARCHAR(255) NOT NULL,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProcessedWebhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Review" (
    "id" UUID NOT NULL,
    "userId" UUID,
    "rating" VARCHAR(1) NOT NULL,
    "title" VARCHAR(100) NOT NULL,
    "comment" VARCHAR(1000) NOT NULL,
    "isApproved" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactMessage" (
    "id" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "subject" VARCHAR(200),
    "message" VARCHAR(5000) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContactMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Ingredient" (
    "id" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "unit" VARCHAR(30) NOT NULL,
    "costPerUnit" DECIMAL(12,4) NOT NULL,
    "category" VARCHAR(50),
    "supplier" VARCHAR(100),
    "notes" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "allergens" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "gluten" VARCHAR(20) NOT NULL DEFAULT 'none',
    "gramsPerUnit" DECIMAL(12,4),
    "labelName" VARCHAR(500),
    "mayContain" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "treeNuts" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "Ingredient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Recipe" (
    "id" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "description" TEXT,
    "category" VARCHAR(20) NOT NULL,
    "servingSize" VARCHAR(50),
    "prepTime" VARCHAR(50),
    "bakeTime" VARCHAR(50),
    "instructions" TEXT,
    "notes" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Recipe_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RecipeIngredient" (
    "id" UUID NOT NULL,
    "recipeId" UUID NOT NULL,
    "ingredientId" UUID NOT NULL,
    "quantity" DECIMAL(12,4) NOT NULL,
    "notes" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RecipeIngredient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CapacityLimit" (
    "category" VARCHAR(60) NOT NULL,
    "maxUnits" INTEGER NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CapacityLimit_pkey" PRIMARY KEY ("category")
);

-- CreateTable
CREATE TABLE "KitchenUnit" (
    "productId" VARCHAR(100) NOT NULL,
    "variant" VARCHAR(50) NOT NULL,
    "category" VARCHAR(60) NOT NULL,
    "units" INTEGER NOT NULL,

    CONSTRAINT "KitchenUnit_pkey" PRIMARY KEY ("productId","variant")
);

-- CreateTable
CREATE TABLE "DailyKitchenLoad" (
    "date" VARCHAR(10) NOT NULL,
    "category" VARCHAR(60) NOT NULL,
    "units" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DailyKitchenLoad_pkey" PRIMARY KEY ("date","category")
);

-- CreateTable
CREATE TABLE "ClosedDate" (
    "date" VARCHAR(10) NOT NULL,
    "reason" VARCHAR(200),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ClosedDate_pkey" PRIMARY KEY ("date")
);

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

-- CreateTable
CREATE TABLE "ProductRecipe" (
    "id" UUID NOT NULL,
    "productId" VARCHAR(100) NOT NULL,
    "variantId" VARCHAR(20) NOT NULL DEFAULT '',
    "recipeId" UUID NOT NULL,
    "recipeYield" DECIMAL(12,4) NOT NULL,
    "unitsPerItem" DECIMAL(12,4) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ProductRecipe_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DailyOrderSummary" (
    "day" DATE NOT NULL,
    "paymentStatus" VARCHAR(20) NOT NULL,
    "orderStatus" VARCHAR(20) NOT NULL,
    "isRushOrder" BOOLEAN NOT NULL,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "subtotal" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "fees" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "tax" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "slot" SMALLINT NOT NULL DEFAULT 0,

    CONSTRAINT "DailyOrderSummary_pkey" PRIMARY KEY ("day","paymentStatus","orderStatus","isRushOrder","slot")
);

-- CreateTable
CREATE TABLE "DailyTakings" (
    "day" DATE NOT NULL,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "total" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "refunded" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "slot" SMALLINT NOT NULL DEFAULT 0,

    CONSTRAINT "DailyTakings_pkey" PRIMARY KEY ("day","slot")
);

-- CreateTable
CREATE TABLE "DailyProductSales" (
    "day" DATE NOT NULL,
    "productId" TEXT NOT NULL,
    "revenue" DECIMAL(16,4) NOT NULL DEFAULT 0,
    "quantity" INTEGER NOT NULL DEFAULT 0,
    "slot" SMALLINT NOT NULL DEFAULT 0,

    CONSTRAINT "DailyProductSales_pkey" PRIMARY KEY ("day","productId","slot")
);

-- CreateTable
CREATE TABLE "BackupSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "time" VARCHAR(5) NOT NULL,
    "keepDaily" INTEGER NOT NULL,
    "keepWeekly" INTEGER NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BackupSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UnpaidOrderSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "releaseAfterHours" INTEGER NOT NULL,
    "warnBeforeHours" INTEGER NOT NULL,
    "maxOpenUnpaid" INTEGER NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "UnpaidOrderSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShopSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "settings" JSONB NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedBy" VARCHAR(255),

    CONSTRAINT "ShopSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScheduledJob" (
    "name" VARCHAR(50) NOT NULL,
    "lockedUntil" TIMESTAMPTZ(3),
    "lockedBy" VARCHAR(100),
    "lastRunAt" TIMESTAMPTZ(3),
    "lastSuccessAt" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ScheduledJob_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "OptionIngredient" (
    "kind" VARCHAR(10) NOT NULL,
    "optionId" VARCHAR(50) NOT NULL,
    "ingredientId" UUID NOT NULL,
    "quantity" DECIMAL(12,4) NOT NULL,

    CONSTRAINT "OptionIngredient_pkey" PRIMARY KEY ("kind","optionId","ingredientId")
);

-- CreateTable
CREATE TABLE "ClaimException" (
    "productId" VARCHAR(100) NOT NULL,
    "wording" VARCHAR(300) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ClaimException_pkey" PRIMARY KEY ("productId")
);

-- CreateTable
CREATE TABLE "ProductNetWeight" (
    "productId" VARCHAR(100) NOT NULL,
    "variantId" VARCHAR(20) NOT NULL DEFAULT '',
    "grams" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "ProductNetWeight_pkey" PRIMARY KEY ("productId","variantId")
);

-- CreateTable
CREATE TABLE "LabelSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "cottageFoodStatement" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "LabelSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KitchenRevision" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "revision" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "KitchenRevision_pkey" PRIMARY KEY ("id")
);

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

-- CreateTable
CREATE TABLE "PickupWindow" (
    "id" UUID NOT NULL,
    "weekday" INTEGER NOT NULL,
    "start" VARCHAR(5) NOT NULL,
    "end" VARCHAR(5) NOT NULL,
    "fulfillment" VARCHAR(10) NOT NULL DEFAULT 'pickup',
    "limits" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PickupWindow_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WindowLoad" (
    "date" VARCHAR(10) NOT NULL,
    "windowId" UUID NOT NULL,
    "scope" VARCHAR(60) NOT NULL,
    "used" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "WindowLoad_pkey" PRIMARY KEY ("date","windowId","scope")
);

-- CreateTable
CREATE TABLE "WindowBooking" (
    "orderId" UUID NOT NULL,
    "date" VARCHAR(10) NOT NULL,
    "windowId" UUID NOT NULL,
    "scope" VARCHAR(60) NOT NULL,
    "units" INTEGER NOT NULL,

    CONSTRAINT "WindowBooking_pkey" PRIMARY KEY ("orderId","windowId","scope")
);

-- CreateTable
CREATE TABLE "Drop" (
    "id" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "opensAt" TIMESTAMPTZ(3) NOT NULL,
    "closesAt" TIMESTAMPTZ(3) NOT NULL,
    "pickupDates" VARCHAR(10)[],
    "windowIds" UUID[],
    "notifiedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Drop_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DropUnit" (
    "id" UUID NOT NULL,
    "dropId" UUID NOT NULL,
    "label" VARCHAR(100) NOT NULL,
    "productIds" VARCHAR(100)[],
    "quantity" INTEGER NOT NULL,
    "sold" INTEGER NOT NULL DEFAULT 0,
    "held" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DropUnit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DropBooking" (
    "orderId" UUID NOT NULL,
    "dropUnitId" UUID NOT NULL,
    "units" INTEGER NOT NULL,

    CONSTRAINT "DropBooking_pkey" PRIMARY KEY ("orderId","dropUnitId")
);

-- CreateTable
CREATE TABLE "DropHold" (
    "id" UUID NOT NULL,
    "dropUnitId" UUID NOT NULL,
    "holder" VARCHAR(100) NOT NULL,
    "units" INTEGER NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DropHold_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DropSubscription" (
    "id" UUID NOT NULL,
    "dropId" UUID NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "token" VARCHAR(64) NOT NULL,
    "notifiedAt" TIMESTAMPTZ(3),
    "unsubscribedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DropSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DropSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "holdMinutes" INTEGER NOT NULL DEFAULT 10,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "DropSetting_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_role_idx" ON "User"("role");

-- CreateIndex
CREATE UNIQUE INDEX "EmailChange_confirmToken_key" ON "EmailChange"("confirmToken");

-- CreateIndex
CREATE UNIQUE INDEX "EmailChange_undoToken_key" ON "EmailChange"("undoToken");

-- CreateIndex
CREATE INDEX "EmailChange_userId_idx" ON "EmailChange"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Session_id_key" ON "Session"("id");

-- CreateIndex
CREATE INDEX "Session_expire_idx" ON "Session"("expire");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "PasswordResetToken_token_key" ON "PasswordResetToken"("token");

-- CreateIndex
CREATE INDEX "PasswordResetToken_userId_idx" ON "PasswordResetToken"("userId");

-- CreateIndex
CREATE INDEX "RateLimit_resetAt_idx" ON "RateLimit"("resetAt");

-- CreateIndex
CREATE UNIQUE INDEX "Order_pickupCode_key" ON "Order"("pickupCode");

-- CreateIndex
CREATE UNIQUE INDEX "Order_idempotencyKey_key" ON "Order"("idempotencyKey");

-- CreateIndex
CREATE INDEX "Order_userId_createdAt_idx" ON "Order"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Order_createdAt_idx" ON "Order"("createdAt" DESC);

-- CreateIndex
CREATE INDEX "Order_paymentStatus_createdAt_idx" ON "Order"("paymentStatus", "createdAt");

-- CreateIndex
CREATE INDEX "Order_pickupDate_idx" ON "Order"("pickupDate");

-- CreateIndex
CREATE INDEX "Order_userId_pickupDate_idx" ON "Order"("userId", "pickupDate");

-- CreateIndex
CREATE INDEX "Order_squareOrderId_idx" ON "Order"("squareOrderId");

-- CreateIndex
CREATE INDEX "Order_paymentStatus_paymentLinkSentAt_idx" ON "Order"("paymentStatus", "paymentLinkSentAt");

-- CreateIndex
CREATE INDEX "Order_paidAt_idx" ON "Order"("paidAt");

-- CreateIndex
CREATE INDEX "OrderHistory_orderId_at_idx" ON "OrderHistory"("orderId", "at");

-- CreateIndex
CREATE INDEX "OutboundMail_status_nextAttemptAt_idx" ON "OutboundMail"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "OutboundMail_createdAt_idx" ON "OutboundMail"("createdAt" DESC);

-- CreateIndex
CREATE INDEX "Review_isApproved_createdAt_idx" ON "Review"("isApproved", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "ContactMessage_createdAt_idx" ON "ContactMessage"("createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Ingredient_name_key" ON "Ingredient"("name");

-- CreateIndex
CREATE INDEX "Recipe_name_idx" ON "Recipe"("name");

-- CreateIndex
CREATE INDEX "RecipeIngredient_recipeId_idx" ON "RecipeIngredient"("recipeId");

-- CreateIndex
CREATE INDEX "RecipeIngredient_ingredientId_idx" ON "RecipeIngredient"("ingredientId");

-- CreateIndex
CREATE INDEX "ProductRecipe_recipeId_idx" ON "ProductRecipe"("recipeId");

-- CreateIndex
CREATE UNIQUE INDEX "ProductRecipe_productId_variantId_key" ON "ProductRecipe"("productId", "variantId");

-- CreateIndex
CREATE INDEX "OptionIngredient_ingredientId_idx" ON "OptionIngredient"("ingredientId");

-- CreateIndex
CREATE INDEX "MenuItem_categoryId_position_idx" ON "MenuItem"("categoryId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "MenuVersion_number_key" ON "MenuVersion"("number");

-- CreateIndex
CREATE INDEX "PickupWindow_weekday_fulfillment_start_idx" ON "PickupWindow"("weekday", "fulfillment", "start");

-- CreateIndex
CREATE INDEX "WindowBooking_date_idx" ON "WindowBooking"("date");

-- CreateIndex
CREATE INDEX "Drop_closesAt_idx" ON "Drop"("closesAt");

-- CreateIndex
CREATE INDEX "DropUnit_dropId_idx" ON "DropUnit"("dropId");

-- CreateIndex
CREATE INDEX "DropBooking_dropUnitId_idx" ON "DropBooking"("dropUnitId");

-- CreateIndex
CREATE INDEX "DropHold_dropUnitId_expiresAt_idx" ON "DropHold"("dropUnitId", "expiresAt");

-- CreateIndex
CREATE INDEX "DropHold_holder_idx" ON "DropHold"("holder");

-- CreateIndex
CREATE UNIQUE INDEX "DropSubscription_token_key" ON "DropSubscription"("token");

-- CreateIndex
CREATE UNIQUE INDEX "DropSubscription_dropId_email_key" ON "DropSubscription"("dropId", "email");

-- AddForeignKey
ALTER TABLE "EmailChange" ADD CONSTRAINT "EmailChange_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasswordResetToken" ADD CONSTRAINT "PasswordResetToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderHistory" ADD CONSTRAINT "OrderHistory_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RecipeIngredient" ADD CONSTRAINT "RecipeIngredient_recipeId_fkey" FOREIGN KEY ("recipeId") REFERENCES "Recipe"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RecipeIngredient" ADD CONSTRAINT "RecipeIngredient_ingredientId_fkey" FOREIGN KEY ("ingredientId") REFERENCES "Ingredient"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductRecipe" ADD CONSTRAINT "ProductRecipe_recipeId_fkey" FOREIGN KEY ("recipeId") REFERENCES "Recipe"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OptionIngredient" ADD CONSTRAINT "OptionIngredient_ingredientId_fkey" FOREIGN KEY ("ingredientId") REFERENCES "Ingredient"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MenuItem" ADD CONSTRAINT "MenuItem_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "MenuCategory"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MenuItemVariant" ADD CONSTRAINT "MenuItemVariant_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "MenuItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DropUnit" ADD CONSTRAINT "DropUnit_dropId_fkey" FOREIGN KEY ("dropId") REFERENCES "Drop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------
-- Hand-written: what schema.prisma cannot express. api/test/db/
-- migrationDrift.test.ts lists the objects Prisma's diff may see as extra.
-- ---------------------------------------------------------------------------

-- The order desk (issue 12): quick search with trigrams, sorting by due time,
-- by total and by name, polling for what changed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "Order_searchText_trgm_idx" ON "Order" USING gin ("searchText" gin_trgm_ops);
CREATE INDEX "Order_due_idx" ON "Order" ("pickupDate", "dueMinutes", "id");
CREATE INDEX "Order_updatedAt_idx" ON "Order" ("updatedAt");
CREATE INDEX "Order_total_idx" ON "Order" ("total", "id");
CREATE INDEX "Order_customerName_idx" ON "Order" ("customerName", "id");

-- The bakery's day of an instant, defined once for the database. The zone is
-- core's BAKERY_TIME_ZONE (api/test/db/bakeryDay.test.ts checks they agree).
CREATE FUNCTION "bakery_time_zone"() RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$ SELECT 'America/New_York'::text $fn$;

CREATE FUNCTION "bakery_day"("at" timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$ SELECT ("at" AT TIME ZONE "bakery_time_zone"())::date $fn$;

-- The daily summary (docs/statistics.md): per bakery day, the orders' counts
-- and sums by combination of states ("DailyOrderSummary", day of
-- "createdAt"), the item sales of paid orders ("DailyProductSales") and the
-- takings ("DailyTakings"), both on the day the money came in ("paidAt").
-- Statement triggers on "Order" keep them in step inside the writing
-- transaction, whatever code writes, with one aggregated upsert per table
-- and statement. Each connection writes the row of its slot
-- (pg_backend_pid() % 8), so concurrent orders of one day do not queue on one
-- row; readers sum over the slots. Item prices and quantities that are not
-- plain numbers count as 0, so a malformed line never makes an order fail.

-- UPDATE and DELETE (INSERT has its own function, below, though this one
-- counts it alike): the rows a statement removed count -1, those it added +1
-- (an update only when a summarised column changed). The three upserts are
-- built as text (EXECUTE format), so they are planned at every call.
CREATE FUNCTION "bakery_daily_summary_apply"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  changes text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := 'SELECT 1 AS sign, n.* FROM new_rows n';
  ELSIF TG_OP = 'DELETE' THEN
    changes := 'SELECT -1 AS sign, o.* FROM old_rows o';
  ELSE
    changes := $q$
      SELECT c.* FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (SELECT -1 AS sign, o.* UNION ALL SELECT 1 AS sign, n.*) c
      WHERE (o."createdAt", o."paymentStatus", o."orderStatus", o."isRushOrder", o.subtotal,
             o."cakeOptionsFee", o."rushFee", o."deliveryFee", o.tax, o.total, o.items,
             o."paidAt", o."refundedAmount")
        IS DISTINCT FROM
            (n."createdAt", n."paymentStatus", n."orderStatus", n."isRushOrder", n.subtotal,
             n."cakeOptionsFee", n."rushFee", n."deliveryFee", n.tax, n.total, n.items,
             n."paidAt", n."refundedAmount")
    $q$;
  END IF;

  EXECUTE format($q$
    INSERT INTO "DailyOrderSummary" AS s
      ("day", "paymentStatus", "orderStatus", "isRushOrder", "slot", "orders", "subtotal", "fees", "tax", "total")
    SELECT "bakery_day"(c."createdAt"), c."paymentStatus", c."orderStatus", c."isRushOrder",
      pg_backend_pid() %% 8,
      sum(c.sign), sum(c.sign * c.subtotal),
      sum(c.sign * (c."cakeOptionsFee" + c."rushFee" + c."deliveryFee")),
      sum(c.sign * c.tax), sum(c.sign * c.total)
    FROM (%s) c
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.subtotal) <> 0 OR sum(c.sign * c.tax) <> 0
      OR sum(c.sign * c.total) <> 0 OR sum(c.sign * (c."cakeOptionsFee" + c."rushFee" + c."deliveryFee")) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("day", "paymentStatus", "orderStatus", "isRushOrder", "slot") DO UPDATE SET
      "orders" = s."orders" + EXCLUDED."orders",
      "subtotal" = s."subtotal" + EXCLUDED."subtotal",
      "fees" = s."fees" + EXCLUDED."fees",
      "tax" = s."tax" + EXCLUDED."tax",
      "total" = s."total" + EXCLUDED."total"
  $q$, changes);

  EXECUTE format($q$
    INSERT INTO "DailyProductSales" AS s ("day", "productId", "slot", "revenue", "quantity")
    SELECT "bakery_day"(COALESCE(c."paidAt", c."createdAt")), COALESCE(item->>'productId', ''),
      pg_backend_pid() %% 8,
      sum(c.sign
        * CASE WHEN item->>'price' ~ '^\s*[-+]?[0-9]+(\.[0-9]*)?\s*$' THEN (item->>'price')::numeric ELSE 0 END
        * CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END),
      sum(c.sign * CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END)
    FROM (%s) c,
      jsonb_array_elements(CASE WHEN jsonb_typeof(c.items) = 'array' THEN c.items ELSE '[]'::jsonb END) AS item
    WHERE c."paymentStatus" IN ('paid', 'completed')
    GROUP BY 1, 2, 3
    HAVING sum(c.sign * CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END) <> 0
      OR sum(c.sign
        * CASE WHEN item->>'price' ~ '^\s*[-+]?[0-9]+(\.[0-9]*)?\s*$' THEN (item->>'price')::numeric ELSE 0 END
        * CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("day", "productId", "slot") DO UPDATE SET
      "revenue" = s."revenue" + EXCLUDED."revenue",
      "quantity" = s."quantity" + EXCLUDED."quantity"
  $q$, changes);
  EXECUTE format($q$
    INSERT INTO "DailyTakings" AS s ("day", "slot", "orders", "total", "refunded")
    SELECT "bakery_day"(COALESCE(c."paidAt", c."createdAt")),
      pg_backend_pid() %% 8, sum(c.sign), sum(c.sign * c.total), sum(c.sign * c."refundedAmount")
    FROM (%s) c
    WHERE c."paymentStatus" IN ('paid', 'completed')
    GROUP BY 1, 2
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total) <> 0 OR sum(c.sign * c."refundedAmount") <> 0
    ORDER BY 1, 2
    ON CONFLICT ("day", "slot") DO UPDATE SET
      "orders" = s."orders" + EXCLUDED."orders",
      "total" = s."total" + EXCLUDED."total",
      "refunded" = s."refunded" + EXCLUDED."refunded"
  $q$, changes);

  RETURN NULL;
END
$fn$;

-- INSERT, the statement of a rush: the same three upserts written out for
-- the new rows, which plpgsql plans once per connection (measured at
-- 0.25 ms per order instead of 1.5 ms with the function above).
CREATE FUNCTION "bakery_daily_summary_insert"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "DailyOrderSummary" AS s
    ("day", "paymentStatus", "orderStatus", "isRushOrder", "slot", "orders", "subtotal", "fees", "tax", "total")
  SELECT "bakery_day"(n."createdAt"), n."paymentStatus", n."orderStatus", n."isRushOrder",
    pg_backend_pid() % 8, count(*), sum(n."subtotal"),
    sum(n."cakeOptionsFee" + n."rushFee" + n."deliveryFee"), sum(n."tax"), sum(n."total")
  FROM new_rows n
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("day", "paymentStatus", "orderStatus", "isRushOrder", "slot") DO UPDATE SET
    "orders" = s."orders" + EXCLUDED."orders",
    "subtotal" = s."subtotal" + EXCLUDED."subtotal",
    "fees" = s."fees" + EXCLUDED."fees",
    "tax" = s."tax" + EXCLUDED."tax",
    "total" = s."total" + EXCLUDED."total";

  -- Sales and takings count paid orders only; a new order is seldom paid.
  IF NOT EXISTS (SELECT 1 FROM new_rows n WHERE n."paymentStatus" IN ('paid', 'completed')) THEN
    RETURN NULL;
  END IF;

  INSERT INTO "DailyProductSales" AS s ("day", "productId", "slot", "revenue", "quantity")
  SELECT "bakery_day"(COALESCE(n."paidAt", n."createdAt")), COALESCE(item->>'productId', ''),
    pg_backend_pid() % 8,
    sum(CASE WHEN item->>'price' ~ '^\s*[-+]?[0-9]+(\.[0-9]*)?\s*$' THEN (item->>'price')::numeric ELSE 0 END
      * CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END),
    sum(CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END)
  FROM new_rows n,
    jsonb_array_elements(CASE WHEN jsonb_typeof(n."items") = 'array' THEN n."items" ELSE '[]'::jsonb END) AS item
  WHERE n."paymentStatus" IN ('paid', 'completed')
  GROUP BY 1, 2, 3
  HAVING sum(CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END) <> 0
    OR sum(CASE WHEN item->>'price' ~ '^\s*[-+]?[0-9]+(\.[0-9]*)?\s*$' THEN (item->>'price')::numeric ELSE 0 END
      * CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("day", "productId", "slot") DO UPDATE SET
    "revenue" = s."revenue" + EXCLUDED."revenue",
    "quantity" = s."quantity" + EXCLUDED."quantity";

  INSERT INTO "DailyTakings" AS s ("day", "slot", "orders", "total", "refunded")
  SELECT "bakery_day"(COALESCE(n."paidAt", n."createdAt")),
    pg_backend_pid() % 8, count(*), sum(n."total"), sum(n."refundedAmount")
  FROM new_rows n
  WHERE n."paymentStatus" IN ('paid', 'completed')
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT ("day", "slot") DO UPDATE SET
    "orders" = s."orders" + EXCLUDED."orders",
    "total" = s."total" + EXCLUDED."total",
    "refunded" = s."refunded" + EXCLUDED."refunded";
  RETURN NULL;
END
$fn$;

CREATE FUNCTION "bakery_daily_summary_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE "DailyOrderSummary", "DailyProductSales", "DailyTakings";
  RETURN NULL;
END
$fn$;

-- An order stored as paid when it is written (imports, a restore, test data)
-- was paid when it was placed; a later payment is stamped when it comes in,
-- whatever marks it paid (Square's webhook, staff, the counter).
CREATE FUNCTION "bakery_order_paid_at"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW."paidAt" IS NULL AND NEW."paymentStatus" IN ('paid', 'completed') THEN
    NEW."paidAt" := CASE WHEN TG_OP = 'INSERT' THEN COALESCE(NEW."createdAt", now()) ELSE now() END;
  END IF;
  RETURN NEW;
END
$fn$;

-- The kitchen's booked units per pickup day and category
-- ("DailyKitchenLoad"), as core's unitsByCategory counts them: quantity x
-- units of the product's variant in "KitchenUnit" ('' row when the variant
-- is missing or not listed); unknown products and quantities that are not
-- positive whole numbers count nothing.
CREATE FUNCTION "bakery_kitchen_units"(items jsonb)
RETURNS TABLE ("category" varchar, "units" bigint)
LANGUAGE sql STABLE AS $fn$
  SELECT k."category", sum((line->>'quantity')::int * k."units")
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(items) = 'array' THEN items ELSE '[]'::jsonb END) AS line
  CROSS JOIN LATERAL (
    SELECT u."category", u."units" FROM "KitchenUnit" u
    WHERE u."productId" = line->>'productId' AND u."variant" IN (COALESCE(line->>'variant', ''), '')
    ORDER BY u."variant" = '' LIMIT 1
  ) k
  WHERE line->>'quantity' ~ '^\s*[0-9]{1,9}\s*$' AND (line->>'quantity')::int > 0
  GROUP BY k."category"
$fn$;

-- Keeps "DailyKitchenLoad" in step with the orders a statement added,
-- removed or changed (pickup date, items, cancelled or not). Rows are
-- touched in (date, category) order, as the capacity check locks them, so
-- two writers never wait on each other in a circle.
CREATE FUNCTION "bakery_kitchen_load_apply"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "DailyKitchenLoad" AS l ("date", "category", "units")
    SELECT n."pickupDate", u."category", sum(u."units")
    FROM new_rows n CROSS JOIN LATERAL "bakery_kitchen_units"(n."items") u
    WHERE n."pickupDate" IS NOT NULL AND n."paymentStatus" <> 'cancelled'
    GROUP BY 1, 2 HAVING sum(u."units") <> 0 ORDER BY 1, 2
    ON CONFLICT ("date", "category") DO UPDATE SET "units" = l."units" + EXCLUDED."units";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "DailyKitchenLoad" AS l ("date", "category", "units")
    SELECT o."pickupDate", u."category", -sum(u."units")
    FROM old_rows o CROSS JOIN LATERAL "bakery_kitchen_units"(o."items") u
    WHERE o."pickupDate" IS NOT NULL AND o."paymentStatus" <> 'cancelled'
    GROUP BY 1, 2 HAVING sum(u."units") <> 0 ORDER BY 1, 2
    ON CONFLICT ("date", "category") DO UPDATE SET "units" = l."units" + EXCLUDED."units";
  ELSE
    INSERT INTO "DailyKitchenLoad" AS l ("date", "category", "units")
    SELECT c."date", u."category", sum(c."sign" * u."units")
    FROM (
      SELECT x.* FROM old_rows o JOIN new_rows n ON n."id" = o."id",
        LATERAL (SELECT -1 AS "sign", o."pickupDate" AS "date", o."items", o."paymentStatus"
                 UNION ALL SELECT 1, n."pickupDate", n."items", n."paymentStatus") x
      WHERE (o."pickupDate", o."items", o."paymentStatus" = 'cancelled')
        IS DISTINCT FROM (n."pickupDate", n."items", n."paymentStatus" = 'cancelled')
    ) c CROSS JOIN LATERAL "bakery_kitchen_units"(c."items") u
    WHERE c."date" IS NOT NULL AND c."paymentStatus" <> 'cancelled'
    GROUP BY 1, 2 HAVING sum(c."sign" * u."units") <> 0 ORDER BY 1, 2
    ON CONFLICT ("date", "category") DO UPDATE SET "units" = l."units" + EXCLUDED."units";
  END IF;
  RETURN NULL;
END
$fn$;

CREATE FUNCTION "bakery_kitchen_load_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE "DailyKitchenLoad";
  RETURN NULL;
END
$fn$;

-- Core's catalogue as kitchen units (unitsPerItem and category of
-- core/src/kitchen/capacity.ts); the Heart-Shaped Cake's flavours count one
-- cake each, like the product without a variant.
INSERT INTO "KitchenUnit" ("productId", "variant", "category", "units") VALUES
('classic-sandwich-loaf', '', 'breads', 1),
('honey-oat-bread', '', 'breads', 1),
('seeded-multigrain-loaf', '', 'breads', 1),
('rosemary-olive-oil-boule', '', 'breads', 1),
('cinnamon-raisin-swirl', '', 'breads', 1),
('banana-bread', '', 'breads', 1),
('pumpkin-spice-loaf', '', 'breads', 1),
('zucchini-bread', '', 'breads', 1),
('lemon-poppy-seed-loaf', '', 'breads', 1),
('cornbread', '', 'breads', 1),
('focaccia', '', 'breads', 1),
('dinner-rolls', '', 'breads', 1),
('cinnamon-rolls', '', 'breads', 1),
('coffee-cake', '', 'breads', 1),
('blueberry-muffins', '', 'muffins', 6),
('banana-nut-muffins', '', 'muffins', 6),
('chocolate-chip-muffins', '', 'muffins', 6),
('lemon-blueberry-muffins', '', 'muffins', 6),
('pumpkin-muffins', '', 'muffins', 6),
('apple-cinnamon-muffins', '', 'muffins', 6),
('double-chocolate-muffins', '', 'muffins', 6),
('morning-glory-muffins', '', 'muffins', 6),
('raspberry-almond-muffins', '', 'muffins', 6),
('classic-oat-bars', '', 'oat-bars', 1),
('peanut-butter-oat-bars', '', 'oat-bars', 1),
('cranberry-almond-oat-bars', '', 'oat-bars', 1),
('raspberry-oat-crumble-bars', '', 'oat-bars', 1),
('maple-pecan-granola', '', 'oat-bars', 1),
('chocolate-cherry-granola', '', 'oat-bars', 1),
('tropical-coconut-granola', '', 'oat-bars', 1),
('fudge-brownies', '', 'brownies', 6),
('walnut-brownies', '', 'brownies', 6),
('salted-caramel-brownies', '', 'brownies', 6),
('peanut-butter-swirl-brownies', '', 'brownies', 6),
('mint-chocolate-brownies', '', 'brownies', 6),
('espresso-brownies', '', 'brownies', 6),
('blondies', '', 'brownies', 6),
('chocolate-chip-cookies', '', 'cookies', 6),
('chocolate-chip-cookies', '6-count', 'cookies', 6),
('chocolate-chip-cookies', '12-count', 'cookies', 12),
('chocolate-chip-cookies', '24-count', 'cookies', 24),
('oatmeal-raisin-cookies', '', 'cookies', 6),
('oatmeal-raisin-cookies', '6-count', 'cookies', 6),
('oatmeal-raisin-cookies', '12-count', 'cookies', 12),
('oatmeal-raisin-cookies', '24-count', 'cookies', 24),
('peanut-butter-cookies', '', 'cookies', 6),
('peanut-butter-cookies', '6-count', 'cookies', 6),
('peanut-butter-cookies', '12-count', 'cookies', 12),
('peanut-butter-cookies', '24-count', 'cookies', 24),
('snickerdoodles', '', 'cookies', 6),
('snickerdoodles', '6-count', 'cookies', 6),
('snickerdoodles', '12-count', 'cookies', 12),
('snickerdoodles', '24-count', 'cookies', 24),
('double-chocolate-cookies', '', 'cookies', 6),
('double-chocolate-cookies', '6-count', 'cookies', 6),
('double-chocolate-cookies', '12-count', 'cookies', 12),
('double-chocolate-cookies', '24-count', 'cookies', 24),
('sugar-cookies', '', 'cookies', 6),
('sugar-cookies', '6-count', 'cookies', 6),
('sugar-cookies', '12-count', 'cookies', 12),
('sugar-cookies', '24-count', 'cookies', 24),
('molasses-ginger-cookies', '', 'cookies', 6),
('molasses-ginger-cookies', '6-count', 'cookies', 6),
('molasses-ginger-cookies', '12-count', 'cookies', 12),
('molasses-ginger-cookies', '24-count', 'cookies', 24),
('lemon-crinkle-cookies', '', 'cookies', 6),
('lemon-crinkle-cookies', '6-count', 'cookies', 6),
('lemon-crinkle-cookies', '12-count', 'cookies', 12),
('lemon-crinkle-cookies', '24-count', 'cookies', 24),
('shortbread-cookies', '', 'cookies', 6),
('shortbread-cookies', '6-count', 'cookies', 6),
('shortbread-cookies', '12-count', 'cookies', 12),
('shortbread-cookies', '24-count', 'cookies', 24),
('chocolate-chip-pecan-cookies', '', 'cookies', 6),
('chocolate-chip-pecan-cookies', '6-count', 'cookies', 6),
('chocolate-chip-pecan-cookies', '12-count', 'cookies', 12),
('chocolate-chip-pecan-cookies', '24-count', 'cookies', 24),
('thumbprint-cookies', '', 'cookies', 6),
('thumbprint-cookies', '6-count', 'cookies', 6),
('thumbprint-cookies', '12-count', 'cookies', 12),
('thumbprint-cookies', '24-count', 'cookies', 24),
('vanilla-cupcakes', '', 'cupcakes', 6),
('vanilla-cupcakes', '6-count', 'cupcakes', 6),
('vanilla-cupcakes', '12-count', 'cupcakes', 12),
('chocolate-cupcakes', '', 'cupcakes', 6),
('chocolate-cupcakes', '6-count', 'cupcakes', 6),
('chocolate-cupcakes', '12-count', 'cupcakes', 12),
('red-velvet-cupcakes', '', 'cupcakes', 6),
('red-velvet-cupcakes', '6-count', 'cupcakes', 6),
('red-velvet-cupcakes', '12-count', 'cupcakes', 12),
('funfetti-cupcakes', '', 'cupcakes', 6),
('funfetti-cupcakes', '6-count', 'cupcakes', 6),
('funfetti-cupcakes', '12-count', 'cupcakes', 12),
('lemon-raspberry-cupcakes', '', 'cupcakes', 6),
('lemon-raspberry-cupcakes', '6-count', 'cupcakes', 6),
('lemon-raspberry-cupcakes', '12-count', 'cupcakes', 12),
('carrot-cake-cupcakes', '', 'cupcakes', 6),
('carrot-cake-cupcakes', '6-count', 'cupcakes', 6),
('carrot-cake-cupcakes', '12-count', 'cupcakes', 12),
('salted-caramel-cupcakes', '', 'cupcakes', 6),
('salted-caramel-cupcakes', '6-count', 'cupcakes', 6),
('salted-caramel-cupcakes', '12-count', 'cupcakes', 12),
('strawberry-cupcakes', '', 'cupcakes', 6),
('strawberry-cupcakes', '6-count', 'cupcakes', 6),
('strawberry-cupcakes', '12-count', 'cupcakes', 12),
('vanilla-celebration-cake', '', 'cakes', 1),
('vanilla-celebration-cake', '6in', 'cakes', 1),
('vanilla-celebration-cake', '8in', 'cakes', 1),
('vanilla-celebration-cake', '10in', 'cakes', 1),
('chocolate-layer-cake', '', 'cakes', 1),
('chocolate-layer-cake', '6in', 'cakes', 1),
('chocolate-layer-cake', '8in', 'cakes', 1),
('chocolate-layer-cake', '10in', 'cakes', 1),
('red-velvet-cake', '', 'cakes', 1),
('red-velvet-cake', '6in', 'cakes', 1),
('red-velvet-cake', '8in', 'cakes', 1),
('red-velvet-cake', '10in', 'cakes', 1),
('lemon-cake', '', 'cakes', 1),
('lemon-cake', '6in', 'cakes', 1),
('lemon-cake', '8in', 'cakes', 1),
('lemon-cake', '10in', 'cakes', 1),
('carrot-cake', '', 'cakes', 1),
('carrot-cake', '6in', 'cakes', 1),
('carrot-cake', '8in', 'cakes', 1),
('carrot-cake', '10in', 'cakes', 1),
('funfetti-cake', '', 'cakes', 1),
('funfetti-cake', '6in', 'cakes', 1),
('funfetti-cake', '8in', 'cakes', 1),
('funfetti-cake', '10in', 'cakes', 1),
('strawberry-cake', '', 'cakes', 1),
('strawberry-cake', '6in', 'cakes', 1),
('strawberry-cake', '8in', 'cakes', 1),
('strawberry-cake', '10in', 'cakes', 1),
('heart-shaped-cake', '', 'cakes', 1),
('stuffed-chocolate-chip', '', 'gourmet-cookies', 6),
('stuffed-chocolate-chip', '6-count', 'gourmet-cookies', 6),
('stuffed-chocolate-chip', '12-count', 'gourmet-cookies', 12),
('cookies-and-cream', '', 'gourmet-cookies', 6),
('cookies-and-cream', '6-count', 'gourmet-cookies', 6),
('cookies-and-cream', '12-count', 'gourmet-cookies', 12),
('smores-cookies', '', 'gourmet-cookies', 6),
('smores-cookies', '6-count', 'gourmet-cookies', 6),
('smores-cookies', '12-count', 'gourmet-cookies', 12),
('birthday-cake-cookies', '', 'gourmet-cookies', 6),
('birthday-cake-cookies', '6-count', 'gourmet-cookies', 6),
('birthday-cake-cookies', '12-count', 'gourmet-cookies', 12),
('peanut-butter-cup-cookies', '', 'gourmet-cookies', 6),
('peanut-butter-cup-cookies', '6-count', 'gourmet-cookies', 6),
('peanut-butter-cup-cookies', '12-count', 'gourmet-cookies', 12),
('salted-caramel-pretzel', '', 'gourmet-cookies', 6),
('salted-caramel-pretzel', '6-count', 'gourmet-cookies', 6),
('salted-caramel-pretzel', '12-count', 'gourmet-cookies', 12),
('heart-shaped-cake', 'vanilla', 'cakes', 1),
('heart-shaped-cake', 'chocolate', 'cakes', 1);

-- The menu's allergen statements follow this revision: one row, bumped once
-- per statement that writes a table a statement is read from. 10 is where
-- the squashed history left a new database (1, then nine statements of its
-- starter-ingredient fixes).
INSERT INTO "KitchenRevision" ("id", "revision") VALUES (1, 10);

CREATE FUNCTION kitchen_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "KitchenRevision" ("id", "revision") VALUES (1, 1)
    ON CONFLICT ("id") DO UPDATE SET "revision" = "KitchenRevision"."revision" + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER "Ingredient_kitchen_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Ingredient" FOR EACH STATEMENT EXECUTE FUNCTION kitchen_revision_bump();
CREATE TRIGGER "Recipe_kitchen_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Recipe" FOR EACH STATEMENT EXECUTE FUNCTION kitchen_revision_bump();
CREATE TRIGGER "RecipeIngredient_kitchen_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "RecipeIngredient" FOR EACH STATEMENT EXECUTE FUNCTION kitchen_revision_bump();
CREATE TRIGGER "ProductRecipe_kitchen_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ProductRecipe" FOR EACH STATEMENT EXECUTE FUNCTION kitchen_revision_bump();
CREATE TRIGGER "OptionIngredient_kitchen_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "OptionIngredient" FOR EACH STATEMENT EXECUTE FUNCTION kitchen_revision_bump();
CREATE TRIGGER "ClaimException_kitchen_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ClaimException" FOR EACH STATEMENT EXECUTE FUNCTION kitchen_revision_bump();

-- Pickup windows and drops (issue 25): an order cancelled or deleted gives
-- back the units it booked in its window and its drop (booking is done by
-- book_order below, inside the order's INSERT).
CREATE FUNCTION "release_window_drop_bookings"(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    DELETE FROM "WindowBooking" WHERE "orderId" = ANY(ids) RETURNING *
  ), summed AS (
    SELECT "date", "windowId", "scope", sum("units")::int AS "units" FROM gone GROUP BY 1, 2, 3
  )
  UPDATE "WindowLoad" l SET "used" = l."used" - s."units"
    FROM summed s
   WHERE l."date" = s."date" AND l."windowId" = s."windowId" AND l."scope" = s."scope";
  WITH gone AS (
    DELETE FROM "DropBooking" WHERE "orderId" = ANY(ids) RETURNING *
  ), summed AS (
    SELECT "dropUnitId", sum("units")::int AS "units" FROM gone GROUP BY 1
  )
  UPDATE "DropUnit" u SET "sold" = u."sold" - s."units"
    FROM summed s WHERE u."id" = s."dropUnitId";
END $$;

CREATE FUNCTION "Order_capacity_window_release_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "release_window_drop_bookings"(array_agg(n."id"))
     FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."paymentStatus" = 'cancelled' AND o."paymentStatus" <> 'cancelled'
    HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE FUNCTION "Order_capacity_window_release_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "release_window_drop_bookings"(array_agg(o."id")) FROM old_rows o HAVING count(*) > 0;
  RETURN NULL;
END $$;

-- A truncate of the orders empties the bookings and their counters.
CREATE FUNCTION "Order_capacity_window_release_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "WindowBooking";
  DELETE FROM "WindowLoad";
  DELETE FROM "DropBooking";
  UPDATE "DropUnit" SET "sold" = 0 WHERE "sold" <> 0;
  RETURN NULL;
END $$;

-- Takes n items of a drop unit for a holder, in one round trip. It first
-- reads, without a lock, what is sold and what others hold unexpired: when
-- the items cannot fit even so it answers ok = false at once (in a rush,
-- hundreds of buyers would otherwise wait for the unit's row lock only to
-- hear it is sold out; counters only grow under the lock, so such a refusal
-- never oversells). Then it locks the unit's row, sweeps its expired holds,
-- and either holds the items (mode 'hold': the holder's earlier hold is
-- replaced, keeping its end) or sells them to an order (mode 'sell': the
-- holder's hold is used up and a DropBooking written). Never lets sold +
-- held pass the quantity; when the items do not fit it answers ok = false
-- with what is left for this holder. In 'sell' mode it runs inside the
-- order's statement, so the row stays locked until that commits.
CREATE FUNCTION "drop_take"(p_unit uuid, p_holder text, p_n int, p_mode text,
                                       p_order uuid, p_until timestamptz)
RETURNS TABLE (ok boolean, remaining int, expires_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  q int; s int; h int; expired int; mine int; mine_until timestamptz; others int;
BEGIN
  SELECT u."quantity", u."sold" INTO q, s FROM "DropUnit" u WHERE u."id" = p_unit;
  IF NOT FOUND THEN
    RETURN QUERY SELECT false, 0, NULL::timestamptz; RETURN;
  END IF;
  SELECT COALESCE(sum(d."units"), 0) INTO others FROM "DropHold" d
    WHERE d."dropUnitId" = p_unit AND d."expiresAt" > clock_timestamp()
      AND d."holder" IS DISTINCT FROM p_holder;
  IF s + others + p_n > q THEN
    RETURN QUERY SELECT false, GREATEST(0, q - s - others), NULL::timestamptz; RETURN;
  END IF;

  SELECT u."quantity", u."sold", u."held" INTO q, s, h FROM "DropUnit" u WHERE u."id" = p_unit FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT false, 0, NULL::timestamptz; RETURN;
  END IF;
  WITH gone AS (
    DELETE FROM "DropHold" d WHERE d."dropUnitId" = p_unit AND d."expiresAt" <= clock_timestamp() RETURNING d."units"
  ) SELECT COALESCE(sum(gone."units"), 0) INTO expired FROM gone;
  h := h - expired;
  SELECT COALESCE(sum(d."units"), 0), min(d."expiresAt") INTO mine, mine_until
    FROM "DropHold" d WHERE d."dropUnitId" = p_unit AND d."holder" = p_holder;
  IF s + h - mine + p_n > q THEN
    IF expired > 0 THEN UPDATE "DropUnit" SET "held" = h WHERE "id" = p_unit; END IF;
    RETURN QUERY SELECT false, GREATEST(0, q - s - (h - mine)), NULL::timestamptz; RETURN;
  END IF;
  DELETE FROM "DropHold" d WHERE d."dropUnitId" = p_unit AND d."holder" = p_holder;
  IF p_mode = 'hold' THEN
    INSERT INTO "DropHold" ("id", "dropUnitId", "holder", "units", "expiresAt")
      VALUES (gen_random_uuid(), p_unit, p_holder, p_n, COALESCE(mine_until, p_until));
    UPDATE "DropUnit" SET "held" = h - mine + p_n WHERE "id" = p_unit;
    RETURN QUERY SELECT true, q - s - (h - mine + p_n), COALESCE(mine_until, p_until);
  ELSE
    UPDATE "DropUnit" SET "held" = h - mine, "sold" = s + p_n WHERE "id" = p_unit;
    INSERT INTO "DropBooking" ("orderId", "dropUnitId", "units") VALUES (p_order, p_unit, p_n)
      ON CONFLICT ("orderId", "dropUnitId") DO UPDATE SET "units" = "DropBooking"."units" + EXCLUDED."units";
    RETURN QUERY SELECT true, q - s - p_n - (h - mine), NULL::timestamptz;
  END IF;
END $$;

-- Lets go of a holder's holds of a drop (and sweeps expired ones) with the counters.
CREATE FUNCTION "drop_release_holds"(p_drop uuid, p_holder text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT u."id" FROM "DropUnit" u WHERE u."dropId" = p_drop ORDER BY u."id" LOOP
    PERFORM 1 FROM "DropUnit" WHERE "id" = r."id" FOR UPDATE;
    WITH gone AS (
      DELETE FROM "DropHold" d WHERE d."dropUnitId" = r."id"
        AND (d."holder" = p_holder OR d."expiresAt" <= clock_timestamp()) RETURNING d."units"
    ) UPDATE "DropUnit" SET "held" = "held" - (SELECT COALESCE(sum(gone."units"), 0) FROM gone)
      WHERE "id" = r."id";
  END LOOP;
END $$;

-- An order's counters booked inside its own INSERT (issue 25), so its rows
-- are locked only while that one statement runs (it commits on its own):
--
--   INSERT INTO "Order" ("id", ...) VALUES ("book_order"($booking, $id), ...)
--
-- book_order takes every lock and checks every counter, in the order a
-- cancellation's triggers take them (the unpaid-order cap's advisory lock,
-- the window, the drop units, then the day's rows), and raises SQLSTATE BK409
-- with the refusal's code as message and what the server needs to word it as
-- DETAIL (JSON). The order's triggers then count it.
--
-- p_booking:
--   "unpaid": { "key", "userId", "email", "cap" } or null: the cap on one
--             account's (or e-mail's) unpaid orders (core's unpaidCapProblem:
--             refused when open >= cap; an exempt account has none)
--   "window": { "id", "date", "needs": [{ "scope", "units", "limit" }] } or null
--   "drops":  { "holder", "needs": [{ "unitId", "items" }] }
--   "day":    { "date", "needs": [{ "category", "units", "limit" }], "fairShare" }
CREATE FUNCTION "book_order"(p_booking jsonb, p_order uuid)
RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  unpaid jsonb := p_booking->'unpaid';
  win jsonb := p_booking->'window';
  day jsonb := p_booking->'day';
  need record;
  open_unpaid int;
  cap int;
  taken record;
  booked jsonb;
  too_many boolean;
BEGIN
  -- A lock wait gives up after 5 s (statement_timeout cannot be set from inside the statement).
  PERFORM set_config('lock_timeout', '5s', true);

  IF unpaid IS NOT NULL AND unpaid <> 'null'::jsonb THEN
    PERFORM pg_advisory_xact_lock(hashtextextended(unpaid->>'key', 27));
    IF NOT EXISTS (SELECT 1 FROM "CapacityShareExemption" e
                   WHERE e."userId" = (unpaid->>'userId')::uuid) THEN
      SELECT count(*)::int INTO open_unpaid FROM "Order" o
        WHERE o."paymentStatus" = 'pending'
          AND CASE WHEN unpaid->>'userId' IS NOT NULL THEN o."userId" = (unpaid->>'userId')::uuid
                   ELSE o."userId" IS NULL AND o."customerEmail" = unpaid->>'email' END;
      SELECT COALESCE((SELECT "maxOpenUnpaid" FROM "UnpaidOrderSetting" WHERE "id" = 1),
                      (unpaid->>'cap')::int) INTO cap;
      IF open_unpaid >= cap THEN
        RAISE EXCEPTION 'too_many_unpaid_orders' USING ERRCODE = 'BK409',
          DETAIL = jsonb_build_object('cap', cap)::text;
      END IF;
    END IF;
  END IF;

  IF win IS NOT NULL AND win <> 'null'::jsonb THEN
    FOR need IN SELECT * FROM jsonb_to_recordset(win->'needs') AS x(scope text, units int, "limit" int)
                ORDER BY x.scope LOOP
      INSERT INTO "WindowLoad" AS l ("date", "windowId", "scope", "used")
        SELECT win->>'date', (win->>'id')::uuid, need.scope, need.units WHERE need.units <= need."limit"
        ON CONFLICT ("date", "windowId", "scope") DO UPDATE SET "used" = l."used" + EXCLUDED."used"
          WHERE l."used" + EXCLUDED."used" <= need."limit";
      IF NOT FOUND THEN
        RAISE EXCEPTION 'window_full' USING ERRCODE = 'BK409',
          DETAIL = jsonb_build_object('scope', need.scope, 'used', COALESCE(
            (SELECT l."used" FROM "WindowLoad" l WHERE l."date" = win->>'date'
               AND l."windowId" = (win->>'id')::uuid AND l."scope" = need.scope), 0))::text;
      END IF;
      INSERT INTO "WindowBooking" ("orderId", "date", "windowId", "scope", "units")
        VALUES (p_order, win->>'date', (win->>'id')::uuid, need.scope, need.units)
        ON CONFLICT ("orderId", "windowId", "scope")
          DO UPDATE SET "units" = "WindowBooking"."units" + EXCLUDED."units";
    END LOOP;
  END IF;

  FOR need IN SELECT * FROM jsonb_to_recordset(COALESCE(p_booking->'drops'->'needs', '[]'::jsonb))
                AS x("unitId" uuid, items int) LOOP
    SELECT * INTO taken FROM "drop_take"(need."unitId", p_booking->'drops'->>'holder',
                                         need.items, 'sell', p_order, NULL::timestamptz);
    IF NOT taken.ok THEN
      RAISE EXCEPTION 'drop_sold_out' USING ERRCODE = 'BK409',
        DETAIL = jsonb_build_object('unitId', need."unitId", 'remaining', taken.remaining)::text;
    END IF;
  END LOOP;

  -- The day's counters of the categories the order uses, made at 0 when
  -- missing and locked in category order (as the triggers take them).
  WITH want AS (
    SELECT * FROM jsonb_to_recordset(COALESCE(day->'needs', '[]'::jsonb))
      AS x(category text, units int, "limit" int)
  ), locked AS (
    INSERT INTO "DailyKitchenLoad" AS l ("date", "category", "units")
      SELECT day->>'date', w.category, 0 FROM want w ORDER BY 1, 2
      ON CONFLICT ("date", "category") DO UPDATE SET "units" = l."units"
      RETURNING l."category", l."units"
  )
  SELECT COALESCE(jsonb_object_agg(k."category", k."units"), '{}'::jsonb),
         COALESCE(bool_or(k."units" + w.units > w."limit"), false)
    INTO booked, too_many
    FROM locked k JOIN want w ON w.category = k."category";
  IF too_many THEN
    RAISE EXCEPTION 'capacity_full' USING ERRCODE = 'BK409',
      DETAIL = jsonb_build_object('booked', booked)::text;
  END IF;
  IF COALESCE((day->>'fairShare')::boolean, false) THEN
    RAISE EXCEPTION 'fair_share' USING ERRCODE = 'BK409', DETAIL = '{}';
  END IF;
  RETURN p_order;
END $$;

-- The triggers on "Order". Triggers of one event fire in name order, and the
-- names set the order rows are locked in: the kitchen's counters
-- (Order_capacity_load_*), the window and drop bookings
-- (Order_capacity_window_release_*), then the daily summary
-- (Order_daily_summary_*), the order an order's submission takes them in,
-- so no two writers can wait on each other in a circle.
CREATE TRIGGER "Order_capacity_load_insert" AFTER INSERT ON "Order" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bakery_kitchen_load_apply"();
CREATE TRIGGER "Order_capacity_load_update" AFTER UPDATE ON "Order" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bakery_kitchen_load_apply"();
CREATE TRIGGER "Order_capacity_load_delete" AFTER DELETE ON "Order" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bakery_kitchen_load_apply"();
CREATE TRIGGER "Order_capacity_load_truncate" AFTER TRUNCATE ON "Order" FOR EACH STATEMENT EXECUTE FUNCTION "bakery_kitchen_load_truncate"();
CREATE TRIGGER "Order_capacity_window_release_update" AFTER UPDATE ON "Order" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "Order_capacity_window_release_update"();
CREATE TRIGGER "Order_capacity_window_release_delete" AFTER DELETE ON "Order" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "Order_capacity_window_release_delete"();
CREATE TRIGGER "Order_capacity_window_release_truncate" AFTER TRUNCATE ON "Order" FOR EACH STATEMENT EXECUTE FUNCTION "Order_capacity_window_release_truncate"();
CREATE TRIGGER "Order_daily_summary_insert" AFTER INSERT ON "Order" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bakery_daily_summary_insert"();
CREATE TRIGGER "Order_daily_summary_update" AFTER UPDATE ON "Order" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bakery_daily_summary_apply"();
CREATE TRIGGER "Order_daily_summary_delete" AFTER DELETE ON "Order" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bakery_daily_summary_apply"();
CREATE TRIGGER "Order_daily_summary_truncate" AFTER TRUNCATE ON "Order" FOR EACH STATEMENT EXECUTE FUNCTION "bakery_daily_summary_truncate"();
-- Row level, before the write: stamps "paidAt" (bakery_order_paid_at).
CREATE TRIGGER "Order_paid_at" BEFORE INSERT OR UPDATE OF "paymentStatus" ON "Order" FOR EACH ROW EXECUTE FUNCTION "bakery_order_paid_at"();
