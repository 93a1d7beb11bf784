-- The daily summary's rows get a slot (docs/statistics.md): every order
-- placed today updated the same DailyOrderSummary row and held its lock until
-- its commit, so concurrent submissions queued on it. The triggers now write
-- the row of slot pg_backend_pid() % 8: transactions on different connections
-- update different rows (one transaction always writes one slot, so the lock
-- order within a statement is unchanged). Readers sum over the slots, as they
-- already sum over days and states; the rows there now are slot 0.

-- AlterTable
ALTER TABLE "DailyOrderSummary" DROP CONSTRAINT "DailyOrderSummary_pkey",
ADD COLUMN     "slot" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "DailyOrderSummary_pkey" PRIMARY KEY ("day", "paymentStatus", "orderStatus", "isRushOrder", "slot");

-- AlterTable
ALTER TABLE "DailyProductSales" DROP CONSTRAINT "DailyProductSales_pkey",
ADD COLUMN     "slot" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "DailyProductSales_pkey" PRIMARY KEY ("day", "productId", "slot");

-- The apply function of migration daily_summary, writing its slot.
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
             o."cakeOptionsFee", o."rushFee", o."deliveryFee", o.tax, o.total, o.items)
        IS DISTINCT FROM
            (n."createdAt", n."paymentStatus", n."orderStatus", n."isRushOrder", n.subtotal,
             n."cakeOptionsFee", n."rushFee", n."deliveryFee", n.tax, n.total, n.items)
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
    SELECT (c."createdAt" AT TIME ZONE 'America/New_York')::date, COALESCE(item->>'productId', ''),
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

  RETURN NULL;
END
$fn$;

