-- Categories the owner adds to the menu (issue 22) have ids of up to 60
-- characters; the kitchen's tables keyed by category (limits, unit table,
-- daily load, window loads) took 30. Widening a varchar rewrites nothing,
-- primary keys included.
ALTER TABLE "CapacityLimit" ALTER COLUMN "category" SET DATA TYPE VARCHAR(60);
ALTER TABLE "KitchenUnit" ALTER COLUMN "category" SET DATA TYPE VARCHAR(60);
ALTER TABLE "DailyKitchenLoad" ALTER COLUMN "category" SET DATA TYPE VARCHAR(60);
ALTER TABLE "WindowLoad" ALTER COLUMN "scope" SET DATA TYPE VARCHAR(60);
ALTER TABLE "WindowBooking" ALTER COLUMN "scope" SET DATA TYPE VARCHAR(60);
