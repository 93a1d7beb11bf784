-- AlterTable
ALTER TABLE "Ingredient" ADD COLUMN     "allergens" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "gluten" VARCHAR(20) NOT NULL DEFAULT 'none',
ADD COLUMN     "gramsPerUnit" DECIMAL(12,4),
ADD COLUMN     "labelName" VARCHAR(500),
ADD COLUMN     "mayContain" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "treeNuts" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "OptionIngredient" (
    "kind" VARCHAR(10) NOT NULL,
    "optionId" VARCHAR(50) NOT NULL,
    "ingredientId" UUID NOT NULL,
    "quantity" DECIMAL(12,4) NOT NULL,

    CONSTRAINT "OptionIngredient_pkey" PRIMARY KEY ("kind","optionId","ingredientId")
);

-- CreateTable
CREATE TABLE "ClaimException" (
    "productId" VARCHAR(100) NOT NULL,
    "wording" VARCHAR(300) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ClaimException_pkey" PRIMARY KEY ("productId")
);

-- CreateTable
CREATE TABLE "ProductNetWeight" (
    "productId" VARCHAR(100) NOT NULL,
    "variantId" VARCHAR(20) NOT NULL DEFAULT '',
    "grams" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "ProductNetWeight_pkey" PRIMARY KEY ("productId","variantId")
);

-- CreateTable
CREATE TABLE "LabelSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "cottageFoodStatement" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "LabelSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KitchenRevision" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "revision" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "KitchenRevision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OptionIngredient_ingredientId_idx" ON "OptionIngredient"("ingredientId");

-- AddForeignKey
ALTER TABLE "OptionIngredient" ADD CONSTRAINT "OptionIngredient_ingredientId_fkey" FOREIGN KEY ("ingredientId") REFERENCES "Ingredient"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- The revision the menu's allergen statements follow: one row, bumped once
-- per statement that writes any table a statement is read from.
INSERT INTO "KitchenRevision" ("id", "revision") VALUES (1, 1);

CREATE FUNCTION kitchen_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "KitchenRevision" ("id", "revision") VALUES (1, 1)
    ON CONFLICT ("id") DO UPDATE SET "revision" = "KitchenRevision"."revision" + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER "Ingredient_kitchen_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Ingredient"
  FOR EACH STATEMENT EXECUTE FUNCTION kitchen_revision_bump();
CREATE TRIGGER "Recipe_kitchen_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Recipe"
  FOR EACH STATEMENT EXECUTE FUNCTION kitchen_revision_bump();
CREATE TRIGGER "RecipeIngredient_kitchen_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "RecipeIngredient"
  FOR EACH STATEMENT EXECUTE FUNCTION kitchen_revision_bump();
CREATE TRIGGER "ProductRecipe_kitchen_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ProductRecipe"
  FOR EACH STATEMENT EXECUTE FUNCTION kitchen_revision_bump();
CREATE TRIGGER "OptionIngredient_kitchen_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "OptionIngredient"
  FOR EACH STATEMENT EXECUTE FUNCTION kitchen_revision_bump();
CREATE TRIGGER "ClaimException_kitchen_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ClaimException"
  FOR EACH STATEMENT EXECUTE FUNCTION kitchen_revision_bump();

-- The starter kitchen's ingredients (services/recipes/starterKitchen.ts), where
-- a database already holds them under their starter names: their allergens,
-- label names and grams per unit.
UPDATE "Ingredient" SET "labelName" = 'Gluten-free flour blend (sweet white rice flour, whole grain brown rice flour, potato starch, whole grain sorghum flour, tapioca flour, xanthan gum)'
  WHERE "name" = 'Gluten-free all-purpose flour blend';
UPDATE "Ingredient" SET "allergens" = ARRAY['tree-nuts'], "treeNuts" = ARRAY['Almonds'], "labelName" = 'Almond flour (blanched almonds)'
  WHERE "name" = 'Almond flour';
UPDATE "Ingredient" SET "gluten" = 'oats-certified', "labelName" = 'Gluten-free oat flour'
  WHERE "name" = 'Oat flour (certified gluten-free)';
UPDATE "Ingredient" SET "allergens" = ARRAY['tree-nuts'], "treeNuts" = ARRAY['Cashews'],
  "labelName" = 'Vegan butter (coconut oil, water, sunflower oil, cashews, sunflower lecithin, sea salt, cultures)'
  WHERE "name" = 'Vegan butter';
UPDATE "Ingredient" SET "gluten" = 'oats-certified', "gramsPerUnit" = 240,
  "labelName" = 'Oat milk (water, gluten-free oats, rapeseed oil, dipotassium phosphate, calcium carbonate, sea salt)'
  WHERE "name" = 'Oat milk';
UPDATE "Ingredient" SET "allergens" = ARRAY['eggs'], "gramsPerUnit" = 50, "labelName" = 'Eggs'
  WHERE "name" = 'Eggs (large)';
UPDATE "Ingredient" SET "labelName" = 'Dairy-free chocolate chips (cane sugar, unsweetened chocolate, cocoa butter)'
  WHERE "name" = 'Dairy-free chocolate chips';
UPDATE "Ingredient" SET "labelName" = 'Baking powder (sodium acid pyrophosphate, sodium bicarbonate, cornstarch, monocalcium phosphate)'
  WHERE "name" = 'Baking powder (aluminum-free)';
UPDATE "Ingredient" SET "gramsPerUnit" = 4.2, "labelName" = 'Pure vanilla extract (water, alcohol, vanilla bean extractives)'
  WHERE "name" = 'Pure vanilla extract';
