-- The order desk (issue 12): sort by due date and time, search in PostgreSQL,
-- poll for what changed. Kept out of schema.prisma on purpose: generated
-- columns and trigram indexes are not expressible there, and Prisma Client
-- never reads these columns (the desk's listing query is raw SQL).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Minutes after midnight of the pickup/delivery time ('8:00 AM' -> 480), so
-- 8:00 AM sorts before 10:00 AM. NULL when the time is missing or odd.
ALTER TABLE "Order" ADD COLUMN "dueMinutes" SMALLINT GENERATED ALWAYS AS (
  CASE WHEN "pickupTime" ~ '^[0-9]{1,2}:[0-9]{2} ?[AaPp][Mm]$' THEN
    ((split_part("pickupTime", ':', 1)::int % 12)
      + CASE WHEN upper("pickupTime") LIKE '%PM' THEN 12 ELSE 0 END) * 60
    + substr(split_part("pickupTime", ':', 2), 1, 2)::int
  END
) STORED;

-- Everything quick search looks at, lowercased: name, e-mail, phone digits,
-- order number (last 8 hex digits of the id), item names and options, the
-- instructions and the cake writing.
ALTER TABLE "Order" ADD COLUMN "searchText" TEXT GENERATED ALWAYS AS (
  lower(
    "customerName" || ' ' || "customerEmail" || ' '
    || coalesce(regexp_replace("customerPhone", '[^0-9]', '', 'g'), '') || ' '
    || right(replace("id"::text, '-', ''), 8) || ' '
    || coalesce(jsonb_path_query_array("items", '$[*].name')::text, '') || ' '
    || coalesce(jsonb_path_query_array("items", '$[*].variantLabel')::text, '') || ' '
    || coalesce("specialInstructions", '') || ' '
    || coalesce("deliveryInstructions", '') || ' '
    || coalesce("cakeWriting", '') || ' '
    || coalesce("deliveryCity", '')
  )
) STORED;

CREATE INDEX "Order_searchText_trgm_idx" ON "Order" USING gin ("searchText" gin_trgm_ops);
CREATE INDEX "Order_due_idx" ON "Order" ("pickupDate", "dueMinutes", "id");
CREATE INDEX "Order_updatedAt_idx" ON "Order" ("updatedAt");
CREATE INDEX "Order_total_idx" ON "Order" ("total", "id");
CREATE INDEX "Order_customerName_idx" ON "Order" ("customerName", "id");
