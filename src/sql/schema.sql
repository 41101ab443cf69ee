-- poolbench schema: one file for PostgreSQL and MySQL/MariaDB (only portable types and syntax).
-- orders: seed 001's table (id, customer_id, created_at, total_amount, note) and its index.
-- products: the second table for the long query (seed 002's 200 x 500 CROSS JOIN).
-- write_ledger: rows inserted by the write endpoint with a client-chosen id (failover drills).
-- poolbench_meta: what was loaded (row counts, seed), so an identical data set is not reloaded.
DROP TABLE IF EXISTS orders;
DROP TABLE IF EXISTS products;
DROP TABLE IF EXISTS write_ledger;
DROP TABLE IF EXISTS poolbench_meta;
CREATE TABLE orders (
  id BIGINT NOT NULL PRIMARY KEY,
  customer_id BIGINT NOT NULL,
  created_at TIMESTAMP NOT NULL,
  total_amount DECIMAL(12,2) NOT NULL,
  note VARCHAR(100) NOT NULL
);
CREATE INDEX idx_orders_customer_created ON orders (customer_id, created_at);
CREATE TABLE products (
  id BIGINT NOT NULL PRIMARY KEY,
  name VARCHAR(40) NOT NULL,
  price DECIMAL(10,2) NOT NULL
);
CREATE TABLE write_ledger (
  id VARCHAR(64) NOT NULL PRIMARY KEY,
  created_at TIMESTAMP NOT NULL,
  payload VARCHAR(100) NOT NULL
);
CREATE TABLE poolbench_meta (
  k VARCHAR(40) NOT NULL PRIMARY KEY,
  v VARCHAR(200) NOT NULL
);
