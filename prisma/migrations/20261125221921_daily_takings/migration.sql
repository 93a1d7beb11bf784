-- Revenue on the day the money came in (issue 23, docs/statistics.md): the
-- statistics counted a paid order's total on the day it was placed, so a
-- payment taken at the counter today left today's revenue at $0.00.
-- "DailyTakings" sums the paid orders per bakery day of "paidAt" (and the
-- refunds recorded on them), and "DailyProductSales" moves to that day too
-- (it only ever held paid orders). The same statement triggers keep both.

-- CreateTable
CREATE TABLE "DailyTakings" (
    "day" DATE NOT NULL,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "total" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "refunded" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "slot" SMALLINT NOT NULL DEFAULT 0,

    CONSTRAINT "DailyTakings_pkey" PRIMARY KEY ("day","slot")
);

-- The apply function of migration daily_summary_slots, with paidAt and the takings.
CREATE OR REPLACE FUNCTION "bakery_daily_summary_apply"() RETURNS trigger
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
    SELECT (c."createdAt" AT TIME ZONE 'America/New_York')::date, c."paymentStatus", c."orderStatus", c."isRushOrder",
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
    SELECT (COALESCE(c."paidAt", c."createdAt") AT TIME ZONE 'America/New_York')::date, COALESCE(item->>'productId', ''),
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
    SELECT (COALESCE(c."paidAt", c."createdAt") AT TIME ZONE 'America/New_York')::date,
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

-- An order stored as paid when it is written (imports, a restore, test data)
-- was paid when it was placed; a later payment is stamped when it comes in.
CREATE OR REPLACE FUNCTION "bakery_order_paid_at"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW."paidAt" IS NULL AND NEW."paymentStatus" IN ('paid', 'completed') THEN
    NEW."paidAt" := CASE WHEN TG_OP = 'INSERT' THEN COALESCE(NEW."createdAt", now()) ELSE now() END;
  END IF;
  RETURN NEW;
END
$fn$;

-- The truncate trigger empties the new table with the others.
CREATE OR REPLACE FUNCTION "bakery_daily_summary_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE "DailyOrderSummary", "DailyProductSales", "DailyTakings";
  RETURN NULL;
END
$fn$;

-- Today's figures, recomputed (as services/dailySummary.ts rebuilds them).
DELETE FROM "DailyProductSales";
INSERT INTO "DailyProductSales" ("day", "productId", "revenue", "quantity")
SELECT (COALESCE("paidAt", "createdAt") AT TIME ZONE 'America/New_York')::date, COALESCE(item->>'productId', ''),
  sum(CASE WHEN item->>'price' ~ '^\s*[-+]?[0-9]+(\.[0-9]*)?\s*$' THEN (item->>'price')::numeric ELSE 0 END
    * CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END)::numeric(16, 4),
  sum(CASE WHEN item->>'quantity' ~ '^\s*[-+]?[0-9]{1,9}\s*$' THEN (item->>'quantity')::int ELSE 0 END)::int
FROM "Order",
  jsonb_array_elements(CASE WHEN jsonb_typeof("items") = 'array' THEN "items" ELSE '[]'::jsonb END) AS item
WHERE "paymentStatus" IN ('paid', 'completed')
GROUP BY 1, 2;

INSERT INTO "DailyTakings" ("day", "orders", "total", "refunded")
SELECT (COALESCE("paidAt", "createdAt") AT TIME ZONE 'America/New_York')::date, count(*)::int, sum("total"), sum("refundedAmount")
FROM "Order"
WHERE "paymentStatus" IN ('paid', 'completed')
GROUP BY 1;
