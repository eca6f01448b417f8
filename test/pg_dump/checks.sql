SELECT * FROM customer ORDER BY id;
SELECT * FROM orders ORDER BY id;
SELECT c.name, count(o.id) AS orders, sum(o.amount) AS total FROM customer c LEFT JOIN orders o ON o.customer_id = c.id GROUP BY c.name ORDER BY c.name;
SELECT nextval('orders_id_seq');
