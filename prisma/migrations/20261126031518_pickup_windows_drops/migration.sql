-- CreateTable
CREATE TABLE "PickupWindow" (
    "id" UUID NOT NULL,
    "weekday" INTEGER NOT NULL,
    "start" VARCHAR(5) NOT NULL,
    "end" VARCHAR(5) NOT NULL,
    "fulfillment" VARCHAR(10) NOT NULL DEFAULT 'pickup',
    "limits" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PickupWindow_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WindowLoad" (
    "date" VARCHAR(10) NOT NULL,
    "windowId" UUID NOT NULL,
    "scope" VARCHAR(30) NOT NULL,
    "used" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "WindowLoad_pkey" PRIMARY KEY ("date","windowId","scope")
);

-- CreateTable
CREATE TABLE "WindowBooking" (
    "orderId" UUID NOT NULL,
    "date" VARCHAR(10) NOT NULL,
    "windowId" UUID NOT NULL,
    "scope" VARCHAR(30) NOT NULL,
    "units" INTEGER NOT NULL,

    CONSTRAINT "WindowBooking_pkey" PRIMARY KEY ("orderId","windowId","scope")
);

-- CreateTable
CREATE TABLE "Drop" (
    "id" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "opensAt" TIMESTAMPTZ(3) NOT NULL,
    "closesAt" TIMESTAMPTZ(3) NOT NULL,
    "pickupDates" VARCHAR(10)[],
    "windowIds" UUID[],
    "notifiedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Drop_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DropUnit" (
    "id" UUID NOT NULL,
    "dropId" UUID NOT NULL,
    "label" VARCHAR(100) NOT NULL,
    "productIds" VARCHAR(100)[],
    "quantity" INTEGER NOT NULL,
    "sold" INTEGER NOT NULL DEFAULT 0,
    "held" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DropUnit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DropBooking" (
    "orderId" UUID NOT NULL,
    "dropUnitId" UUID NOT NULL,
    "units" INTEGER NOT NULL,

    CONSTRAINT "DropBooking_pkey" PRIMARY KEY ("orderId","dropUnitId")
);

-- CreateTable
CREATE TABLE "DropHold" (
    "id" UUID NOT NULL,
    "dropUnitId" UUID NOT NULL,
    "holder" VARCHAR(100) NOT NULL,
    "units" INTEGER NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DropHold_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DropSubscription" (
    "id" UUID NOT NULL,
    "dropId" UUID NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "token" VARCHAR(64) NOT NULL,
    "notifiedAt" TIMESTAMPTZ(3),
    "unsubscribedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DropSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DropSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "holdMinutes" INTEGER NOT NULL DEFAULT 10,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "DropSetting_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PickupWindow_weekday_fulfillment_start_idx" ON "PickupWindow"("weekday", "fulfillment", "start");

-- CreateIndex
CREATE INDEX "WindowBooking_date_idx" ON "WindowBooking"("date");

-- CreateIndex
CREATE INDEX "Drop_closesAt_idx" ON "Drop"("closesAt");

-- CreateIndex
CREATE INDEX "DropUnit_dropId_idx" ON "DropUnit"("dropId");

-- CreateIndex
CREATE INDEX "DropBooking_dropUnitId_idx" ON "DropBooking"("dropUnitId");

-- CreateIndex
CREATE INDEX "DropHold_dropUnitId_expiresAt_idx" ON "DropHold"("dropUnitId", "expiresAt");

-- CreateIndex
CREATE INDEX "DropHold_holder_idx" ON "DropHold"("holder");

-- CreateIndex
CREATE UNIQUE INDEX "DropSubscription_token_key" ON "DropSubscription"("token");

-- CreateIndex
CREATE UNIQUE INDEX "DropSubscription_dropId_email_key" ON "DropSubscription"("dropId", "email");

-- AddForeignKey
ALTER TABLE "DropUnit" ADD CONSTRAINT "DropUnit_dropId_fkey" FOREIGN KEY ("dropId") REFERENCES "Drop"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written (issue 25): an order cancelled or deleted gives back the units
-- it booked in its pickup window and its drop. Booking is done by the order's
-- transaction (guarded UPDATEs in api/src/services/kitchen/windows.ts and
-- drops.ts); a restore books again through the same code. The triggers'
-- names sort after Order_capacity_load_* and before Order_daily_summary_*,
-- the order a submission locks its rows in, so the two cannot deadlock.
CREATE FUNCTION "release_window_drop_bookings"(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    DELETE FROM "WindowBooking" WHERE "orderId" = ANY(ids) RETURNING *
  ), summed AS (
    SELECT "date", "windowId", "scope", sum("units")::int AS "units" FROM gone GROUP BY 1, 2, 3
  )
  UPDATE "WindowLoad" l SET "used" = l."used" - s."units"
    FROM summed s
   WHERE l."date" = s."date" AND l."windowId" = s."windowId" AND l."scope" = s."scope";
  WITH gone AS (
    DELETE FROM "DropBooking" WHERE "orderId" = ANY(ids) RETURNING *
  ), summed AS (
    SELECT "dropUnitId", sum("units")::int AS "units" FROM gone GROUP BY 1
  )
  UPDATE "DropUnit" u SET "sold" = u."sold" - s."units"
    FROM summed s WHERE u."id" = s."dropUnitId";
END $$;

CREATE FUNCTION "Order_capacity_window_release_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "release_window_drop_bookings"(array_agg(n."id"))
     FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."paymentStatus" = 'cancelled' AND o."paymentStatus" <> 'cancelled'
    HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE FUNCTION "Order_capacity_window_release_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "release_window_drop_bookings"(array_agg(o."id")) FROM old_rows o HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE TRIGGER "Order_capacity_window_release_update" AFTER UPDATE ON "Order"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "Order_capacity_window_release_update"();
CREATE TRIGGER "Order_capacity_window_release_delete" AFTER DELETE ON "Order"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "Order_capacity_window_release_delete"();

-- A truncate of the orders empties the bookings and their counters.
CREATE FUNCTION "Order_capacity_window_release_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "WindowBooking";
  DELETE FROM "WindowLoad";
  DELETE FROM "DropBooking";
  UPDATE "DropUnit" SET "sold" = 0 WHERE "sold" <> 0;
  RETURN NULL;
END $$;
CREATE TRIGGER "Order_capacity_window_release_truncate" AFTER TRUNCATE ON "Order"
  FOR EACH STATEMENT EXECUTE FUNCTION "Order_capacity_window_release_truncate"();

-- Takes n items of a drop unit for a holder, in one round trip: locks the
-- unit's row, sweeps its expired holds, and either holds the items (mode
-- 'hold': the holder's earlier hold is replaced, keeping its end) or sells
-- them to an order (mode 'sell': the holder's hold is used up and a
-- DropBooking written). Never lets sold + held pass the quantity: when the
-- items do not fit it answers ok = false with what is left for this holder.
-- In 'sell' mode it runs inside the order's transaction, so the row stays
-- locked until that commits.
CREATE FUNCTION "drop_take"(p_unit uuid, p_holder text, p_n int, p_mode text,
                            p_order uuid, p_until timestamptz)
RETURNS TABLE (ok boolean, remaining int, expires_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  q int; s int; h int; expired int; mine int; mine_until timestamptz;
BEGIN
  SELECT u."quantity", u."sold", u."held" INTO q, s, h FROM "DropUnit" u WHERE u."id" = p_unit FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT false, 0, NULL::timestamptz; RETURN;
  END IF;
  WITH gone AS (
    DELETE FROM "DropHold" d WHERE d."dropUnitId" = p_unit AND d."expiresAt" <= clock_timestamp() RETURNING d."units"
  ) SELECT COALESCE(sum(gone."units"), 0) INTO expired FROM gone;
  h := h - expired;
  SELECT COALESCE(sum(d."units"), 0), min(d."expiresAt") INTO mine, mine_until
    FROM "DropHold" d WHERE d."dropUnitId" = p_unit AND d."holder" = p_holder;
  IF s + h - mine + p_n > q THEN
    IF expired > 0 THEN UPDATE "DropUnit" SET "held" = h WHERE "id" = p_unit; END IF;
    RETURN QUERY SELECT false, GREATEST(0, q - s - (h - mine)), NULL::timestamptz; RETURN;
  END IF;
  DELETE FROM "DropHold" d WHERE d."dropUnitId" = p_unit AND d."holder" = p_holder;
  IF p_mode = 'hold' THEN
    INSERT INTO "DropHold" ("id", "dropUnitId", "holder", "units", "expiresAt")
      VALUES (gen_random_uuid(), p_unit, p_holder, p_n, COALESCE(mine_until, p_until));
    UPDATE "DropUnit" SET "held" = h - mine + p_n WHERE "id" = p_unit;
    RETURN QUERY SELECT true, q - s - (h - mine + p_n), COALESCE(mine_until, p_until);
  ELSE
    UPDATE "DropUnit" SET "held" = h - mine, "sold" = s + p_n WHERE "id" = p_unit;
    INSERT INTO "DropBooking" ("orderId", "dropUnitId", "units") VALUES (p_order, p_unit, p_n)
      ON CONFLICT ("orderId", "dropUnitId") DO UPDATE SET "units" = "DropBooking"."units" + EXCLUDED."units";
    RETURN QUERY SELECT true, q - s - p_n - (h - mine), NULL::timestamptz;
  END IF;
END $$;

-- Lets go of a holder's holds of a drop (and sweeps expired ones) with the counters.
CREATE FUNCTION "drop_release_holds"(p_drop uuid, p_holder text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT u."id" FROM "DropUnit" u WHERE u."dropId" = p_drop ORDER BY u."id" LOOP
    PERFORM 1 FROM "DropUnit" WHERE "id" = r."id" FOR UPDATE;
    WITH gone AS (
      DELETE FROM "DropHold" d WHERE d."dropUnitId" = r."id"
        AND (d."holder" = p_holder OR d."expiresAt" <= clock_timestamp()) RETURNING d."units"
    ) UPDATE "DropUnit" SET "held" = "held" - (SELECT COALESCE(sum(gone."units"), 0) FROM gone)
      WHERE "id" = r."id";
  END LOOP;
END $$;
