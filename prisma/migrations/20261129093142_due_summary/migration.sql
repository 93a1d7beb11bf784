-- CreateTable
CREATE TABLE "DailyDueSummary" (
    "pickupDate" VARCHAR(10) NOT NULL,
    "day" DATE NOT NULL,
    "fulfillmentStatus" VARCHAR(20) NOT NULL,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "slot" SMALLINT NOT NULL DEFAULT 0,

    CONSTRAINT "DailyDueSummary_pkey" PRIMARY KEY ("pickupDate","day","fulfillmentStatus","slot")
);


-- Kept in step by statement triggers on "Order", as the daily summary is:
-- one aggregated upsert per statement, into the writing connection's slot.
-- Only a change of the pickup day, the day placed or the fulfillment state
-- moves an order between rows; orders without a pickup day are not counted.
CREATE FUNCTION "bakery_due_summary_insert"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "DailyDueSummary" AS s ("pickupDate", "day", "fulfillmentStatus", "slot", "orders")
  SELECT n."pickupDate", "bakery_day"(n."createdAt"), n."fulfillmentStatus", pg_backend_pid() % 8, count(*)
  FROM new_rows n
  WHERE n."pickupDate" IS NOT NULL
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("pickupDate", "day", "fulfillmentStatus", "slot") DO UPDATE SET
    "orders" = s."orders" + EXCLUDED."orders";
  RETURN NULL;
END
$fn$;

CREATE FUNCTION "bakery_due_summary_update"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "DailyDueSummary" AS s ("pickupDate", "day", "fulfillmentStatus", "slot", "orders")
  SELECT c."pickupDate", "bakery_day"(c."createdAt"), c."fulfillmentStatus", pg_backend_pid() % 8, sum(c.sign)
  FROM old_rows o JOIN new_rows n ON n."id" = o."id",
    LATERAL (SELECT -1 AS sign, o."pickupDate", o."createdAt", o."fulfillmentStatus"
             UNION ALL SELECT 1, n."pickupDate", n."createdAt", n."fulfillmentStatus") c
  WHERE (o."pickupDate", o."createdAt", o."fulfillmentStatus")
      IS DISTINCT FROM (n."pickupDate", n."createdAt", n."fulfillmentStatus")
    AND c."pickupDate" IS NOT NULL
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.sign) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("pickupDate", "day", "fulfillmentStatus", "slot") DO UPDATE SET
    "orders" = s."orders" + EXCLUDED."orders";
  RETURN NULL;
END
$fn$;

CREATE FUNCTION "bakery_due_summary_delete"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "DailyDueSummary" AS s ("pickupDate", "day", "fulfillmentStatus", "slot", "orders")
  SELECT o."pickupDate", "bakery_day"(o."createdAt"), o."fulfillmentStatus", pg_backend_pid() % 8, -count(*)
  FROM old_rows o
  WHERE o."pickupDate" IS NOT NULL
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("pickupDate", "day", "fulfillmentStatus", "slot") DO UPDATE SET
    "orders" = s."orders" + EXCLUDED."orders";
  RETURN NULL;
END
$fn$;

CREATE FUNCTION "bakery_due_summary_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE "DailyDueSummary";
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "Order_due_summary_insert" AFTER INSERT ON "Order"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bakery_due_summary_insert"();
CREATE TRIGGER "Order_due_summary_update" AFTER UPDATE ON "Order"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bakery_due_summary_update"();
CREATE TRIGGER "Order_due_summary_delete" AFTER DELETE ON "Order"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bakery_due_summary_delete"();
CREATE TRIGGER "Order_due_summary_truncate" AFTER TRUNCATE ON "Order"
  FOR EACH STATEMENT EXECUTE FUNCTION "bakery_due_summary_truncate"();

-- The orders already stored.
INSERT INTO "DailyDueSummary" ("pickupDate", "day", "fulfillmentStatus", "slot", "orders")
SELECT "pickupDate", "bakery_day"("createdAt"), "fulfillmentStatus", 0, count(*)
FROM "Order"
WHERE "pickupDate" IS NOT NULL
GROUP BY 1, 2, 3;
