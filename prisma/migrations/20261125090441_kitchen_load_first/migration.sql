-- The booked-unit counters' triggers fire before the daily summary's
-- (triggers of one event fire in name order). An order's capacity check
-- locks the counter rows first and its insert then locks the summary row;
-- any other write to "Order" now takes them in the same order, so a
-- submission and a staff change can never wait on each other in a circle.
ALTER TRIGGER "Order_kitchen_load_insert" ON "Order" RENAME TO "Order_capacity_load_insert";
ALTER TRIGGER "Order_kitchen_load_update" ON "Order" RENAME TO "Order_capacity_load_update";
ALTER TRIGGER "Order_kitchen_load_delete" ON "Order" RENAME TO "Order_capacity_load_delete";
ALTER TRIGGER "Order_kitchen_load_truncate" ON "Order" RENAME TO "Order_capacity_load_truncate";
