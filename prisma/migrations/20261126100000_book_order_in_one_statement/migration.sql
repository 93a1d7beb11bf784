-- An order's counters booked inside its own INSERT (issue 25). A submission
-- used to take the window's, the drop's and the day's rows in four
-- statements and hold them to its COMMIT: in a rush, every sale of the day
-- waited for the one before it over five round trips between Node and
-- PostgreSQL, each delayed by a busy event loop. Now the server reads
-- without locks first (its refusals need none), then sends ONE statement,
-- outside any explicit transaction:
--
--   INSERT INTO "Order" ("id", ...) VALUES ("book_order"($booking, $id), ...)
--
-- book_order takes every lock and checks every counter, in the order a
-- cancellation's triggers take them (the unpaid-order cap's advisory lock,
-- the window, the drop units, then the day's rows), and raises SQLSTATE BK409
-- with the refusal's code as message and what the server needs to word it as
-- DETAIL (JSON). The order's triggers then count it; the statement commits on
-- its own, so the rows are held only while PostgreSQL runs it.
--
-- p_booking:
--   "unpaid": { "key", "userId", "email", "cap" } or null: the cap on one
--             account's (or e-mail's) unpaid orders (core's unpaidCapProblem:
--             refused when open >= cap; an exempt account has none)
--   "window": { "id", "date", "needs": [{ "scope", "units", "limit" }] } or null
--   "drops":  { "holder", "needs": [{ "unitId", "items" }] }
--   "day":    { "date", "needs": [{ "category", "units", "limit" }], "fairShare" }
CREATE OR REPLACE FUNCTION "book_order"(p_booking jsonb, p_order uuid)
RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  unpaid jsonb := p_booking->'unpaid';
  win jsonb := p_booking->'window';
  day jsonb := p_booking->'day';
  need record;
  open_unpaid int;
  cap int;
  taken record;
  booked jsonb;
  too_many boolean;
BEGIN
  -- A lock wait gives up after 5 s (statement_timeout cannot be set from inside the statement).
  PERFORM set_config('lock_timeout', '5s', true);

  IF unpaid IS NOT NULL AND unpaid <> 'null'::jsonb THEN
    PERFORM pg_advisory_xact_lock(hashtextextended(unpaid->>'key', 27));
    IF NOT EXISTS (SELECT 1 FROM "CapacityShareExemption" e
                   WHERE e."userId" = (unpaid->>'userId')::uuid) THEN
      SELECT count(*)::int INTO open_unpaid FROM "Order" o
        WHERE o."paymentStatus" = 'pending'
          AND CASE WHEN unpaid->>'userId' IS NOT NULL THEN o."userId" = (unpaid->>'userId')::uuid
                   ELSE o."userId" IS NULL AND o."customerEmail" = unpaid->>'email' END;
      SELECT COALESCE((SELECT "maxOpenUnpaid" FROM "UnpaidOrderSetting" WHERE "id" = 1),
                      (unpaid->>'cap')::int) INTO cap;
      IF open_unpaid >= cap THEN
        RAISE EXCEPTION 'too_many_unpaid_orders' USING ERRCODE = 'BK409',
          DETAIL = jsonb_build_object('cap', cap)::text;
      END IF;
    END IF;
  END IF;

  IF win IS NOT NULL AND win <> 'null'::jsonb THEN
    FOR need IN SELECT * FROM jsonb_to_recordset(win->'needs') AS x(scope text, units int, "limit" int)
                ORDER BY x.scope LOOP
      INSERT INTO "WindowLoad" AS l ("date", "windowId", "scope", "used")
        SELECT win->>'date', (win->>'id')::uuid, need.scope, need.units WHERE need.units <= need."limit"
        ON CONFLICT ("date", "windowId", "scope") DO UPDATE SET "used" = l."used" + EXCLUDED."used"
          WHERE l."used" + EXCLUDED."used" <= need."limit";
      IF NOT FOUND THEN
        RAISE EXCEPTION 'window_full' USING ERRCODE = 'BK409',
          DETAIL = jsonb_build_object('scope', need.scope, 'used', COALESCE(
            (SELECT l."used" FROM "WindowLoad" l WHERE l."date" = win->>'date'
               AND l."windowId" = (win->>'id')::uuid AND l."scope" = need.scope), 0))::text;
      END IF;
      INSERT INTO "WindowBooking" ("orderId", "date", "windowId", "scope", "units")
        VALUES (p_order, win->>'date', (win->>'id')::uuid, need.scope, need.units)
        ON CONFLICT ("orderId", "windowId", "scope")
          DO UPDATE SET "units" = "WindowBooking"."units" + EXCLUDED."units";
    END LOOP;
  END IF;

  FOR need IN SELECT * FROM jsonb_to_recordset(COALESCE(p_booking->'drops'->'needs', '[]'::jsonb))
                AS x("unitId" uuid, items int) LOOP
    SELECT * INTO taken FROM "drop_take"(need."unitId", p_booking->'drops'->>'holder',
                                         need.items, 'sell', p_order, NULL::timestamptz);
    IF NOT taken.ok THEN
      RAISE EXCEPTION 'drop_sold_out' USING ERRCODE = 'BK409',
        DETAIL = jsonb_build_object('unitId', need."unitId", 'remaining', taken.remaining)::text;
    END IF;
  END LOOP;

  -- The day's counters of the categories the order uses, made at 0 when
  -- missing and locked in category order (as the triggers take them).
  WITH want AS (
    SELECT * FROM jsonb_to_recordset(COALESCE(day->'needs', '[]'::jsonb))
      AS x(category text, units int, "limit" int)
  ), locked AS (
    INSERT INTO "DailyKitchenLoad" AS l ("date", "category", "units")
      SELECT day->>'date', w.category, 0 FROM want w ORDER BY 1, 2
      ON CONFLICT ("date", "category") DO UPDATE SET "units" = l."units"
      RETURNING l."category", l."units"
  )
  SELECT COALESCE(jsonb_object_agg(k."category", k."units"), '{}'::jsonb),
         COALESCE(bool_or(k."units" + w.units > w."limit"), false)
    INTO booked, too_many
    FROM locked k JOIN want w ON w.category = k."category";
  IF too_many THEN
    RAISE EXCEPTION 'capacity_full' USING ERRCODE = 'BK409',
      DETAIL = jsonb_build_object('booked', booked)::text;
  END IF;
  IF COALESCE((day->>'fairShare')::boolean, false) THEN
    RAISE EXCEPTION 'fair_share' USING ERRCODE = 'BK409', DETAIL = '{}';
  END IF;
  RETURN p_order;
END $$;
