-- Search that scales (issue 31, decision 0054): FTS5 indexes over leads and roof customers,
-- kept in step by triggers on every insert, update and delete, filled here for existing rows.
-- phone_digits holds the phone's digits and each of their tails (3 digits or more), so a
-- prefix query finds a number however it was typed, and by any part of it ("5550188").
CREATE VIRTUAL TABLE `lead_search` USING fts5(name, email, phone, phone_digits, street, city, zip, message, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `lead_search_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO lead_search (rowid, name, email, phone, phone_digits, street, city, zip, message) VALUES (new.id, new.name, new.email, new.phone, (select group_concat(substr(d, p.value), ' ') from (select replace(replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), '/', '') as d), json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38]') as p where p.value <= length(d) - 2), new.street, new.city, new.zip, new.message);
END;
--> statement-breakpoint
CREATE TRIGGER `lead_search_update` AFTER UPDATE OF name, email, phone, street, city, zip, message ON `leads` BEGIN
  DELETE FROM lead_search WHERE rowid = old.id;
  INSERT INTO lead_search (rowid, name, email, phone, phone_digits, street, city, zip, message) VALUES (new.id, new.name, new.email, new.phone, (select group_concat(substr(d, p.value), ' ') from (select replace(replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), '/', '') as d), json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38]') as p where p.value <= length(d) - 2), new.street, new.city, new.zip, new.message);
END;
--> statement-breakpoint
CREATE TRIGGER `lead_search_delete` AFTER DELETE ON `leads` BEGIN
  DELETE FROM lead_search WHERE rowid = old.id;
END;
--> statement-breakpoint
INSERT INTO lead_search (rowid, name, email, phone, phone_digits, street, city, zip, message) SELECT leads.id, leads.name, leads.email, leads.phone, (select group_concat(substr(d, p.value), ' ') from (select replace(replace(replace(replace(replace(replace(replace(leads.phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), '/', '') as d), json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38]') as p where p.value <= length(d) - 2), leads.street, leads.city, leads.zip, leads.message FROM leads;
--> statement-breakpoint
CREATE VIRTUAL TABLE `roof_customer_search` USING fts5(customer_name, street, city, state, zip_code, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `roof_customer_search_insert` AFTER INSERT ON `roof_customers` BEGIN
  INSERT INTO roof_customer_search (rowid, customer_name, street, city, state, zip_code) VALUES (new.id, new.customer_name, new.street, new.city, new.state, new.zip_code);
END;
--> statement-breakpoint
CREATE TRIGGER `roof_customer_search_update` AFTER UPDATE OF customer_name, street, city, state, zip_code ON `roof_customers` BEGIN
  DELETE FROM roof_customer_search WHERE rowid = old.id;
  INSERT INTO roof_customer_search (rowid, customer_name, street, city, state, zip_code) VALUES (new.id, new.customer_name, new.street, new.city, new.state, new.zip_code);
END;
--> statement-breakpoint
CREATE TRIGGER `roof_customer_search_delete` AFTER DELETE ON `roof_customers` BEGIN
  DELETE FROM roof_customer_search WHERE rowid = old.id;
END;
--> statement-breakpoint
INSERT INTO roof_customer_search (rowid, customer_name, street, city, state, zip_code) SELECT roof_customers.id, roof_customers.customer_name, roof_customers.street, roof_customers.city, roof_customers.state, roof_customers.zip_code FROM roof_customers;
