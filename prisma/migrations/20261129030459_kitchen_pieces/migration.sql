-- AlterTable
ALTER TABLE "MenuItem" ADD COLUMN     "pieceName" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "pieces" INTEGER;

-- AlterTable
ALTER TABLE "MenuItemVariant" ADD COLUMN     "pieces" INTEGER;


-- Issue 37: a drop's lines come from its own batch; the day's counters
-- ("DailyKitchenLoad", kept by the Order triggers) count only the rest.
CREATE OR REPLACE FUNCTION "bakery_kitchen_units"(items jsonb)
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
    AND COALESCE(line->>'fromDrop', 'false') <> 'true'
  GROUP BY k."category"
$fn$;
