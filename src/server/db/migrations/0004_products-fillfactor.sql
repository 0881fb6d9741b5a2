-- A product row is rewritten whenever its best offer or its variant list changes. Leaving room in each page lets
-- a rewrite that changes no indexed column (a variant's price, the last-updated time) stay on its page as a HOT
-- update, with no new entries in the table's dozen indexes. Only pages written from now on are affected.
ALTER TABLE "products" SET (fillfactor = 90);
