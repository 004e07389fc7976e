-- A job's value read by one lookup (decision 0117). Its three parts (lib/job-value.ts combines
-- them) were three lookups a lead, and a report over ten years or the leads export reads
-- thousands. They are now a row of job_values per lead, made with the lead and worked out here
-- for the leads there are, and kept by the triggers below after any write to proposals,
-- estimates or invoices, whatever makes it (the app, a restore, a script, SQL by hand). Each
-- part is worked out the one way written here: the proposal that stands accepted
-- (standsAccepted in app/db/schema.ts), the change orders on the invoices that count them
-- (countsChangeOrders: not void, a line flagged changeOrder), the estimate not superseded.
-- A trigger sets a part of a row that is there; a lead being deleted takes its row with it.
-- The indexes that held the parts for the lookups go.
CREATE TABLE `job_values` (
	`lead_id` integer PRIMARY KEY NOT NULL,
	`accepted_cents` integer,
	`change_order_cents` integer DEFAULT 0 NOT NULL,
	`estimate_cents` integer,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `estimates_current_value_idx`;
--> statement-breakpoint
DROP INDEX `proposals_accepted_value_idx`;
--> statement-breakpoint
INSERT INTO `job_values` (lead_id, accepted_cents, change_order_cents, estimate_cents) SELECT l.id, (SELECT p.total_cents FROM proposals p WHERE p.lead_id = l.id AND p.accepted_at is not null and p.withdrawn_at is null), (SELECT coalesce(sum(json_extract(j.value, '$.amountCents')), 0) FROM invoices i, json_each(i.lines) j WHERE i.lead_id = l.id AND i.state <> 'void' and instr(i.lines, '"changeOrder":true') > 0 AND json_extract(j.value, '$.changeOrder') = 1), (SELECT e.total_cents FROM estimates e WHERE e.lead_id = l.id AND e.superseded_at is null) FROM leads l;
--> statement-breakpoint
CREATE TRIGGER `job_value_lead_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO job_values (lead_id) VALUES (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `job_value_proposal_insert` AFTER INSERT ON `proposals` BEGIN
  UPDATE job_values SET accepted_cents = (SELECT p.total_cents FROM proposals p WHERE p.lead_id = job_values.lead_id AND p.accepted_at is not null and p.withdrawn_at is null) WHERE lead_id = new.lead_id;
END;
--> statement-breakpoint
CREATE TRIGGER `job_value_proposal_update` AFTER UPDATE OF lead_id, total_cents, accepted_at, withdrawn_at ON `proposals` BEGIN
  UPDATE job_values SET accepted_cents = (SELECT p.total_cents FROM proposals p WHERE p.lead_id = job_values.lead_id AND p.accepted_at is not null and p.withdrawn_at is null) WHERE lead_id IN (old.lead_id, new.lead_id);
END;
--> statement-breakpoint
CREATE TRIGGER `job_value_proposal_delete` AFTER DELETE ON `proposals` BEGIN
  UPDATE job_values SET accepted_cents = (SELECT p.total_cents FROM proposals p WHERE p.lead_id = job_values.lead_id AND p.accepted_at is not null and p.withdrawn_at is null) WHERE lead_id = old.lead_id;
END;
--> statement-breakpoint
CREATE TRIGGER `job_value_invoice_insert` AFTER INSERT ON `invoices` BEGIN
  UPDATE job_values SET change_order_cents = (SELECT coalesce(sum(json_extract(j.value, '$.amountCents')), 0) FROM invoices i, json_each(i.lines) j WHERE i.lead_id = job_values.lead_id AND i.state <> 'void' and instr(i.lines, '"changeOrder":true') > 0 AND json_extract(j.value, '$.changeOrder') = 1) WHERE lead_id = new.lead_id;
END;
--> statement-breakpoint
CREATE TRIGGER `job_value_invoice_update` AFTER UPDATE OF lead_id, state, lines ON `invoices` BEGIN
  UPDATE job_values SET change_order_cents = (SELECT coalesce(sum(json_extract(j.value, '$.amountCents')), 0) FROM invoices i, json_each(i.lines) j WHERE i.lead_id = job_values.lead_id AND i.state <> 'void' and instr(i.lines, '"changeOrder":true') > 0 AND json_extract(j.value, '$.changeOrder') = 1) WHERE lead_id IN (old.lead_id, new.lead_id);
END;
--> statement-breakpoint
CREATE TRIGGER `job_value_invoice_delete` AFTER DELETE ON `invoices` BEGIN
  UPDATE job_values SET change_order_cents = (SELECT coalesce(sum(json_extract(j.value, '$.amountCents')), 0) FROM invoices i, json_each(i.lines) j WHERE i.lead_id = job_values.lead_id AND i.state <> 'void' and instr(i.lines, '"changeOrder":true') > 0 AND json_extract(j.value, '$.changeOrder') = 1) WHERE lead_id = old.lead_id;
END;
--> statement-breakpoint
CREATE TRIGGER `job_value_estimate_insert` AFTER INSERT ON `estimates` BEGIN
  UPDATE job_values SET estimate_cents = (SELECT e.total_cents FROM estimates e WHERE e.lead_id = job_values.lead_id AND e.superseded_at is null) WHERE lead_id = new.lead_id;
END;
--> statement-breakpoint
CREATE TRIGGER `job_value_estimate_update` AFTER UPDATE OF lead_id, total_cents, superseded_at ON `estimates` BEGIN
  UPDATE job_values SET estimate_cents = (SELECT e.total_cents FROM estimates e WHERE e.lead_id = job_values.lead_id AND e.superseded_at is null) WHERE lead_id IN (old.lead_id, new.lead_id);
END;
--> statement-breakpoint
CREATE TRIGGER `job_value_estimate_delete` AFTER DELETE ON `estimates` BEGIN
  UPDATE job_values SET estimate_cents = (SELECT e.total_cents FROM estimates e WHERE e.lead_id = job_values.lead_id AND e.superseded_at is null) WHERE lead_id = old.lead_id;
END;
