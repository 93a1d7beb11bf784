-- Quick search also finds a street, a ZIP code and a pickup code (issue 23:
-- "search finds no street"). "searchText" is generated; PostgreSQL cannot
-- change a generated expression in place, so it is dropped and added again
-- (the table is rewritten once) with its trigram index.
DROP INDEX IF EXISTS "Order_searchText_trgm_idx";
ALTER TABLE "Order" DROP COLUMN "searchText";
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
    || coalesce("deliveryAddress", '') || ' '
    || coalesce("deliveryCity", '') || ' '
    || coalesce("deliveryZip", '') || ' '
    || coalesce("pickupCode", '')
  )
) STORED;
CREATE INDEX "Order_searchText_trgm_idx" ON "Order" USING gin ("searchText" gin_trgm_ops);
