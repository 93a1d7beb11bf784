-- A checkout hold commits without waiting for the WAL flush (issue 37's rush).
-- drop_take locks the drop unit's row, and a row lock is let go only when
-- the commit is flushed: at a drop's opening every hold and every sale of
-- that item waits in that one row's queue, so each hold's flush was a wait
-- for all of them. A hold needs no durability of its own: one lost in a
-- crash is a cart that holds nothing, and the buyer's order, which sells
-- the unit in its own statement, still commits with the flush.
-- Only 'hold' changes; 'sell' (book_order, inside the order's INSERT) is as it was.
CREATE OR REPLACE FUNCTION "drop_take"(p_unit uuid, p_holder text, p_n int, p_mode text,
                                       p_order uuid, p_until timestamptz)
RETURNS TABLE (ok boolean, remaining int, expires_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  q int; s int; h int; expired int; mine int; mine_until timestamptz; others int;
BEGIN
  IF p_mode = 'hold' THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  SELECT u."quantity", u."sold" INTO q, s FROM "DropUnit" u WHERE u."id" = p_unit;
  IF NOT FOUND THEN
    RETURN QUERY SELECT false, 0, NULL::timestamptz; RETURN;
  END IF;
  SELECT COALESCE(sum(d."units"), 0) INTO others FROM "DropHold" d
    WHERE d."dropUnitId" = p_unit AND d."expiresAt" > clock_timestamp()
      AND d."holder" IS DISTINCT FROM p_holder;
  IF s + others + p_n > q THEN
    RETURN QUERY SELECT false, GREATEST(0, q - s - others), NULL::timestamptz; RETURN;
  END IF;

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
