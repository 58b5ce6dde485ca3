-- Order lines once stored their price before tax as round(price_inc / 1.1): one yen short of
-- price_inc minus its tax whenever price_inc mod 11 is 6 or more (a 523-yen line stored 475 yen
-- with 47 yen tax, 522 in all). The shop's one tax rule (decision 0068) is tax = floor(x·10/110)
-- and price before tax = x − tax. This puts every stored order line and every order's tax total
-- back on that rule, so price + tax = amount, and says how many rows it changed.
DO $$
DECLARE
  lines integer;
  totals integer;
BEGIN
  UPDATE "order_items"
     SET "price" = greatest("price_inc", 0) - greatest("price_inc", 0) * 10 / 110
   WHERE "price" <> greatest("price_inc", 0) - greatest("price_inc", 0) * 10 / 110;
  GET DIAGNOSTICS lines = ROW_COUNT;
  UPDATE "orders"
     SET "tax" = greatest("subtotal", 0) * 10 / 110
   WHERE "tax" <> greatest("subtotal", 0) * 10 / 110;
  GET DIAGNOSTICS totals = ROW_COUNT;
  RAISE NOTICE 'migration 0009: repaired % order lines and % order tax totals', lines, totals;
END $$;
