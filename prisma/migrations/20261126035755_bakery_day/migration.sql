-- The bakery's day of an instant, defined once for the database (issue 21).
-- The summary triggers called (x AT TIME ZONE 'America/New_York')::date in
-- six places; they now call "bakery_day"(x). The zone is core's
-- BAKERY_TIME_ZONE (api/test/db/bakeryDay.test.ts checks they agree).
CREATE OR REPLACE FUNCTION "bakery_time_zone"() RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$ SELECT 'America/New_York'::text $fn$;

CREATE OR REPLACE FUNCTION "bakery_day"("at" timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$ SELECT ("at" AT TIME ZONE "bakery_time_zone"())::date $fn$;

-- The summary trigger of the daily_takings migration, reading "bakery_day".
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
