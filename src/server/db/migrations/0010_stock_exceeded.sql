-- Raised by a stock update that took more than the limit allows (src/server/modules/catalog/stock.service.ts):
-- an error rather than an empty answer, so the transaction cannot commit it even when its COMMIT was sent
-- behind the update without waiting (src/server/db/client.ts commitBehind).
CREATE FUNCTION sf_stock_exceeded() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'sold out' USING ERRCODE = 'SFSO1';
END
$$;
