-- The Heart-Shaped Cake's flavours (issue 24): core's catalogue offers it in
-- vanilla or chocolate as variants; each counts one cake, like the product
-- without a variant, so the kitchen's triggers read the same units.
INSERT INTO "KitchenUnit" ("productId", "variant", "category", "units") VALUES
('heart-shaped-cake', 'vanilla', 'cakes', 1),
('heart-shaped-cake', 'chocolate', 'cakes', 1)
ON CONFLICT ("productId", "variant") DO NOTHING;
