DROP INDEX `lead_notes_moves_idx`;--> statement-breakpoint
CREATE INDEX `lead_notes_moves_idx` ON `lead_notes` (`created_at`,`status_to`,`lead_id`) WHERE "lead_notes"."status_to" in ('quoted', 'won', 'lost');--> statement-breakpoint
DROP INDEX `payments_invoice_idx`;--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`,`received_on`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `leads_tally_idx` ON `leads` (`source`,`status`,`created_at`);