-- CreateTable
CREATE TABLE "KitchenUnit" (
    "productId" VARCHAR(100) NOT NULL,
    "variant" VARCHAR(50) NOT NULL,
    "category" VARCHAR(30) NOT NULL,
    "units" INTEGER NOT NULL,

    CONSTRAINT "KitchenUnit_pkey" PRIMARY KEY ("productId","variant")
);

-- CreateTable
CREATE TABLE "DailyKitchenLoad" (
    "date" VARCHAR(10) NOT NULL,
    "category" VARCHAR(30) NOT NULL,
    "units" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DailyKitchenLoad_pkey" PRIMARY KEY ("date","category")
);

-- CreateIndex
CREATE INDEX "Order_userId_pickupDate_idx" ON "Order"("userId", "pickupDate");


-- Core's catalogue as kitchen units (unitsPerItem and category of
-- core/src/kitchen/capacity.ts at the time of this migration).
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
('salted-caramel-pretzel', '12-count', 'gourmet-cookies', 12);

-- Units per category of an order's items (the `items` JSON), as core's
-- unitsByCategory counts them: quantity x units of the product's variant
-- ('' row when the variant is missing or not listed); unknown products and
-- quantities that are not positive whole numbers count nothing.
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

CREATE TRIGGER "Order_kitchen_load_insert" AFTER INSERT ON "Order"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bakery_kitchen_load_apply"();
CREATE TRIGGER "Order_kitchen_load_update" AFTER UPDATE ON "Order"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bakery_kitchen_load_apply"();
CREATE TRIGGER "Order_kitchen_load_delete" AFTER DELETE ON "Order"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bakery_kitchen_load_apply"();
CREATE TRIGGER "Order_kitchen_load_truncate" AFTER TRUNCATE ON "Order"
  FOR EACH STATEMENT EXECUTE FUNCTION "bakery_kitchen_load_truncate"();

-- The orders already there (CREATE TRIGGER locked "Order" against writes
-- until this transaction ends, so none is counted twice or missed).
INSERT INTO "DailyKitchenLoad" ("date", "category", "units")
SELECT o."pickupDate", u."category", sum(u."units")
FROM "Order" o CROSS JOIN LATERAL "bakery_kitchen_units"(o."items") u
WHERE o."pickupDate" IS NOT NULL AND o."paymentStatus" <> 'cancelled'
GROUP BY 1, 2 HAVING sum(u."units") <> 0;
