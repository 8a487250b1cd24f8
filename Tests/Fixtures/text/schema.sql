-- Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
CREATE TABLE customers (
    id INTEGER PRIMARY KEY,
    name VARCHAR(100) NOT NULL,
    email VARCHAR(255) UNIQUE,
    created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    total DECIMAL(10, 2) NOT NULL
);

CREATE INDEX orders_by_customer ON orders (customer_id);

INSERT INTO customers (id, name, email) VALUES (1, 'Ada', 'ada@example.com');

SELECT c.name, SUM(o.total) AS spent
FROM customers c
JOIN orders o ON o.customer_id = c.id
GROUP BY c.name
ORDER BY spent DESC;
