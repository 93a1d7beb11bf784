-- The daily summary (issue 13, docs/statistics.md): counts and money sums of
-- the orders per bakery day (the America/New_York date of "createdAt") and
-- combination of order states, and the item sales of paid orders per day and
-- product. Statement triggers on "Order" keep both in step inside the writing
-- transaction, whatever code path writes (one aggregated upsert per statement,
-- so a bulk insert of a million orders costs one pass, not a million upserts).

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

    CONSTRAINT "DailyOrderSummary_pkey" PRIMARY KEY ("day","paymentStatus","orderStatus","isRushOrder")
);

-- CreateTable
CREATE TABLE "DailyProductSales" (
    "day" DATE NOT NULL,
    "productId" TEXT NOT NULL,
    "revenue" DECIMAL(16,4) NOT NULL DEFAULT 0,
    "quantity" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DailyProductSales_pkey" PRIMARY KEY ("day","productId")
);

-- Applies the orders a statement added (+1), removed (-1) or changed (-1 for
-- the old row, +1 for the new one, only when a summarised column changed).
-- Item prices and quantities that are not plain numbers count as 0, so a
-- malformed line never makes an order write fail.
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
             o."cakeOptionsFee", o."rushFee", o."deliveryFee", o.tax, o.total, o.items)
        IS DISTINCT FROM
            (n."createdAt", n."paymentStatus", n."orderStatus", n."isRushOrder", n.subtotal,
             n."cakeOptionsFee", n."rushFee", n."deliveryFee", n.tax, n.total, n.items)
    $q$;
  END IF;

  EXECUTE format($q$
    INSERT INTO "DailyOrderSummary" AS s
      ("day", "paymentStatus", "orderStatus", "isRushOrder", "orders", "subtotal", "fees", "tax", "total")
    SELECT (c."createdAt" AT TIME ZONE 'America/New_York')::date, c."paymentStatus", c."orderStatus", c."isRushOrder",
      sum(c.sign), sum(c.sign * c.subtotal),
      sum(c.sign * (c."cakeOptionsFee" + c."rushFee" + c."deliveryFee")),
      sum(c.sign * c.tax), sum(c.sign * c.total)
    FROM (%s) c
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.subtotal) <> 0 OR sum(c.sign * c.tax) <> 0
      OR sum(c.sign * c.total) <> 0 OR sum(c.sign * (c."cakeOptionsFee" + c."rushFee" + c."deliveryFee")) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ("day", "paymentStatus", "orderStatus", "isRushOrder") DO UPDATE SET
      "orders" = s."orders" + EXCLUDED."orders",
      "subtotal" = s."subtotal" + EXCLUDED."subtotal",
      "fees" = s."fees" + EXCLUDED."fees",
      "tax" = s."tax" + EXCLUDED."tax",
      "total" = s."total" + EXCLUDED."total"
  $q$, changes);

  EXECUTE format($q$
    INSERT INTO "DailyProductSales" AS s ("day", "productId", "revenue", "quantity")
    SELECT (c."createdAt" AT TIME ZONE 'America/New_York')::date, COALESCE(item->>'productId', ''),
      sum(c.sign
        * CASE WHEN item->>'price' ~ '^\s*[-+]?[0-9]+(\.[0-9]*)?\s*$' THEN (item->>'price')::numeric ELSE 0 END
        * CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END),
      sum(c.sign * CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END)
    FROM (%s) c,
      jsonb_array_elements(CASE WHEN jsonb_typeof(c.items) = 'array' THEN c.items ELSE '[]'::jsonb END) AS item
    WHERE c."paymentStatus" IN ('paid', 'completed')
    GROUP BY 1, 2
    HAVING sum(c.sign * CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END) <> 0
      OR sum(c.sign
        * CASE WHEN item->>'price' ~ '^\s*[-+]?[0-9]+(\.[0-9]*)?\s*$' THEN (item->>'price')::numeric ELSE 0 END
        * CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END) <> 0
    ORDER BY 1, 2
    ON CONFLICT ("day", "productId") DO UPDATE SET
      "revenue" = s."revenue" + EXCLUDED."revenue",
      "quantity" = s."quantity" + EXCLUDED."quantity"
  $q$, changes);

  RETURN NULL;
END
$fn$;

CREATE FUNCTION "bakery_daily_summary_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE "DailyOrderSummary", "DailyProductSales";
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "Order_daily_summary_insert" AFTER INSERT ON "Order"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bakery_daily_summary_apply"();
CREATE TRIGGER "Order_daily_summary_update" AFTER UPDATE ON "Order"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bakery_daily_summary_apply"();
CREATE TRIGGER "Order_daily_summary_delete" AFTER DELETE ON "Order"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bakery_daily_summary_apply"();
CREATE TRIGGER "Order_daily_summary_truncate" AFTER TRUNCATE ON "Order"
  FOR EACH STATEMENT EXECUTE FUNCTION "bakery_daily_summary_truncate"();

-- The orders already there (CREATE TRIGGER locked "Order" against writes until
-- this migration commits, so nothing is counted twice or missed).
INSERT INTO "DailyOrderSummary"
  ("day", "paymentStatus", "orderStatus", "isRushOrder", "orders", "subtotal", "fees", "tax", "total")
SELECT ("createdAt" AT TIME ZONE 'America/New_York')::date, "paymentStatus", "orderStatus", "isRushOrder",
  count(*), sum(subtotal), sum("cakeOptionsFee" + "rushFee" + "deliveryFee"), sum(tax), sum(total)
FROM "Order"
GROUP BY 1, 2, 3, 4;
INSERT INTO "DailyProductSales" ("day", "productId", "revenue", "quantity")
SELECT ("createdAt" AT TIME ZONE 'America/New_York')::date, COALESCE(item->>'productId', ''),
  sum(CASE WHEN item->>'price' ~ '^\s*[-+]?[0-9]+(\.[0-9]*)?\s*$' THEN (item->>'price')::numeric ELSE 0 END
    * CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END),
  sum(CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END)
FROM "Order",
  jsonb_array_elements(CASE WHEN jsonb_typeof(items) = 'array' THEN items ELSE '[]'::jsonb END) AS item
WHERE "paymentStatus" IN ('paid', 'completed')
GROUP BY 1, 2;
