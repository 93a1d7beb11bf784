-- CreateTable
CREATE TABLE "DailyOrderFigures" (
    "day" DATE NOT NULL,
    "slot" SMALLINT NOT NULL DEFAULT 0,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "pending" INTEGER NOT NULL DEFAULT 0,
    "completed" INTEGER NOT NULL DEFAULT 0,
    "rush" INTEGER NOT NULL DEFAULT 0,
    "kept" INTEGER NOT NULL DEFAULT 0,
    "open" DECIMAL(14,2) NOT NULL DEFAULT 0,

    CONSTRAINT "DailyOrderFigures_pkey" PRIMARY KEY ("day","slot")
);


-- Kept in step by statement triggers on "Order", as the due summary is: one
-- aggregated upsert per statement, into the writing connection's slot. Only
-- a change of the day placed, the payment or order status, the rush flag or
-- the total moves an order's figures. The conditions are the figures of
-- api/src/services/stats.ts (the check recomputes them from the orders).
CREATE FUNCTION "bakery_order_figures_insert"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "DailyOrderFigures" AS s ("day", "slot", "orders", "pending", "completed", "rush", "kept", "open")
  SELECT "bakery_day"(n."createdAt"), pg_backend_pid() % 8, count(*),
    count(*) FILTER (WHERE n."paymentStatus" = 'pending'),
    count(*) FILTER (WHERE n."orderStatus" = 'complete' AND n."paymentStatus" <> 'cancelled'),
    count(*) FILTER (WHERE n."isRushOrder"),
    count(*) FILTER (WHERE n."paymentStatus" <> 'cancelled'),
    COALESCE(sum(n."total") FILTER (WHERE n."paymentStatus" = 'pending'), 0)
  FROM new_rows n
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT ("day", "slot") DO UPDATE SET
    "orders" = s."orders" + EXCLUDED."orders", "pending" = s."pending" + EXCLUDED."pending",
    "completed" = s."completed" + EXCLUDED."completed", "rush" = s."rush" + EXCLUDED."rush",
    "kept" = s."kept" + EXCLUDED."kept", "open" = s."open" + EXCLUDED."open";
  RETURN NULL;
END
$fn$;

CREATE FUNCTION "bakery_order_figures_update"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "DailyOrderFigures" AS s ("day", "slot", "orders", "pending", "completed", "rush", "kept", "open")
  SELECT "bakery_day"(c."createdAt"), pg_backend_pid() % 8, sum(c.sign),
    COALESCE(sum(c.sign) FILTER (WHERE c."paymentStatus" = 'pending'), 0),
    COALESCE(sum(c.sign) FILTER (WHERE c."orderStatus" = 'complete' AND c."paymentStatus" <> 'cancelled'), 0),
    COALESCE(sum(c.sign) FILTER (WHERE c."isRushOrder"), 0),
    COALESCE(sum(c.sign) FILTER (WHERE c."paymentStatus" <> 'cancelled'), 0),
    COALESCE(sum(c.sign * c."total") FILTER (WHERE c."paymentStatus" = 'pending'), 0)
  FROM old_rows o JOIN new_rows n ON n."id" = o."id",
    LATERAL (SELECT -1 AS sign, o."createdAt", o."paymentStatus", o."orderStatus", o."isRushOrder", o."total"
             UNION ALL SELECT 1, n."createdAt", n."paymentStatus", n."orderStatus", n."isRushOrder", n."total") c
  WHERE (o."createdAt", o."paymentStatus", o."orderStatus", o."isRushOrder", o."total")
      IS DISTINCT FROM (n."createdAt", n."paymentStatus", n."orderStatus", n."isRushOrder", n."total")
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT ("day", "slot") DO UPDATE SET
    "orders" = s."orders" + EXCLUDED."orders", "pending" = s."pending" + EXCLUDED."pending",
    "completed" = s."completed" + EXCLUDED."completed", "rush" = s."rush" + EXCLUDED."rush",
    "kept" = s."kept" + EXCLUDED."kept", "open" = s."open" + EXCLUDED."open";
  RETURN NULL;
END
$fn$;

CREATE FUNCTION "bakery_order_figures_delete"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "DailyOrderFigures" AS s ("day", "slot", "orders", "pending", "completed", "rush", "kept", "open")
  SELECT "bakery_day"(o."createdAt"), pg_backend_pid() % 8, -count(*),
    -count(*) FILTER (WHERE o."paymentStatus" = 'pending'),
    -count(*) FILTER (WHERE o."orderStatus" = 'complete' AND o."paymentStatus" <> 'cancelled'),
    -count(*) FILTER (WHERE o."isRushOrder"),
    -count(*) FILTER (WHERE o."paymentStatus" <> 'cancelled'),
    -COALESCE(sum(o."total") FILTER (WHERE o."paymentStatus" = 'pending'), 0)
  FROM old_rows o
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT ("day", "slot") DO UPDATE SET
    "orders" = s."orders" + EXCLUDED."orders", "pending" = s."pending" + EXCLUDED."pending",
    "completed" = s."completed" + EXCLUDED."completed", "rush" = s."rush" + EXCLUDED."rush",
    "kept" = s."kept" + EXCLUDED."kept", "open" = s."open" + EXCLUDED."open";
  RETURN NULL;
END
$fn$;

CREATE FUNCTION "bakery_order_figures_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE "DailyOrderFigures";
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "Order_order_figures_insert" AFTER INSERT ON "Order"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bakery_order_figures_insert"();
CREATE TRIGGER "Order_order_figures_update" AFTER UPDATE ON "Order"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bakery_order_figures_update"();
CREATE TRIGGER "Order_order_figures_delete" AFTER DELETE ON "Order"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bakery_order_figures_delete"();
CREATE TRIGGER "Order_order_figures_truncate" AFTER TRUNCATE ON "Order"
  FOR EACH STATEMENT EXECUTE FUNCTION "bakery_order_figures_truncate"();

-- The orders already stored.
INSERT INTO "DailyOrderFigures" ("day", "slot", "orders", "pending", "completed", "rush", "kept", "open")
SELECT "bakery_day"("createdAt"), 0, count(*),
  count(*) FILTER (WHERE "paymentStatus" = 'pending'),
  count(*) FILTER (WHERE "orderStatus" = 'complete' AND "paymentStatus" <> 'cancelled'),
  count(*) FILTER (WHERE "isRushOrder"),
  count(*) FILTER (WHERE "paymentStatus" <> 'cancelled'),
  COALESCE(sum("total") FILTER (WHERE "paymentStatus" = 'pending'), 0)
FROM "Order"
GROUP BY 1;
