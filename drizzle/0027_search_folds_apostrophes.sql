-- Search folds apostrophes (decision 0078): "obrien", "OBrien" and "O’Brien" find "O'Brien".
-- The tokenizer splits a word at an apostrophe ("o", "brien"), so each index gains a `folded`
-- column: name, street and city with every apostrophe the fold in app/lib/search-query.ts
-- removes taken out ("obrien"). Accents were already folded by remove_diacritics 2. The
-- tables, their triggers and their rows are made again from the rows there are.
DROP TRIGGER `lead_search_insert`;
--> statement-breakpoint
DROP TRIGGER `lead_search_update`;
--> statement-breakpoint
DROP TRIGGER `lead_search_delete`;
--> statement-breakpoint
DROP TRIGGER `roof_customer_search_insert`;
--> statement-breakpoint
DROP TRIGGER `roof_customer_search_update`;
--> statement-breakpoint
DROP TRIGGER `roof_customer_search_delete`;
--> statement-breakpoint
DROP TABLE `lead_search`;
--> statement-breakpoint
DROP TABLE `roof_customer_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `lead_search` USING fts5(name, email, phone, phone_digits, street, city, zip, message, folded, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `lead_search_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO lead_search (rowid, name, email, phone, phone_digits, street, city, zip, message, folded) VALUES (new.id, new.name, new.email, new.phone, (select group_concat(substr(d, p.value), ' ') from (select replace(replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), '/', '') as d), json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38]') as p where p.value <= length(d) - 2), new.street, new.city, new.zip, new.message, replace(replace(replace(replace(replace(replace(new.name || ' ' || coalesce(new.street, '') || ' ' || coalesce(new.city, ''), '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `lead_search_update` AFTER UPDATE OF name, email, phone, street, city, zip, message ON `leads` BEGIN
  DELETE FROM lead_search WHERE rowid = old.id;
  INSERT INTO lead_search (rowid, name, email, phone, phone_digits, street, city, zip, message, folded) VALUES (new.id, new.name, new.email, new.phone, (select group_concat(substr(d, p.value), ' ') from (select replace(replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), '/', '') as d), json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38]') as p where p.value <= length(d) - 2), new.street, new.city, new.zip, new.message, replace(replace(replace(replace(replace(replace(new.name || ' ' || coalesce(new.street, '') || ' ' || coalesce(new.city, ''), '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `lead_search_delete` AFTER DELETE ON `leads` BEGIN
  DELETE FROM lead_search WHERE rowid = old.id;
END;
--> statement-breakpoint
INSERT INTO lead_search (rowid, name, email, phone, phone_digits, street, city, zip, message, folded) SELECT leads.id, leads.name, leads.email, leads.phone, (select group_concat(substr(d, p.value), ' ') from (select replace(replace(replace(replace(replace(replace(replace(leads.phone, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), '/', '') as d), json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38]') as p where p.value <= length(d) - 2), leads.street, leads.city, leads.zip, leads.message, replace(replace(replace(replace(replace(replace(leads.name || ' ' || coalesce(leads.street, '') || ' ' || coalesce(leads.city, ''), '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', '') FROM leads;
--> statement-breakpoint
CREATE VIRTUAL TABLE `roof_customer_search` USING fts5(customer_name, street, city, state, zip_code, folded, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `roof_customer_search_insert` AFTER INSERT ON `roof_customers` BEGIN
  INSERT INTO roof_customer_search (rowid, customer_name, street, city, state, zip_code, folded) VALUES (new.id, new.customer_name, new.street, new.city, new.state, new.zip_code, replace(replace(replace(replace(replace(replace(coalesce(new.customer_name, '') || ' ' || new.street || ' ' || new.city, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `roof_customer_search_update` AFTER UPDATE OF customer_name, street, city, state, zip_code ON `roof_customers` BEGIN
  DELETE FROM roof_customer_search WHERE rowid = old.id;
  INSERT INTO roof_customer_search (rowid, customer_name, street, city, state, zip_code, folded) VALUES (new.id, new.customer_name, new.street, new.city, new.state, new.zip_code, replace(replace(replace(replace(replace(replace(coalesce(new.customer_name, '') || ' ' || new.street || ' ' || new.city, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `roof_customer_search_delete` AFTER DELETE ON `roof_customers` BEGIN
  DELETE FROM roof_customer_search WHERE rowid = old.id;
END;
--> statement-breakpoint
INSERT INTO roof_customer_search (rowid, customer_name, street, city, state, zip_code, folded) SELECT roof_customers.id, roof_customers.customer_name, roof_customers.street, roof_customers.city, roof_customers.state, roof_customers.zip_code, replace(replace(replace(replace(replace(replace(coalesce(roof_customers.customer_name, '') || ' ' || roof_customers.street || ' ' || roof_customers.city, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', '') FROM roof_customers;
