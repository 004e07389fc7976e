DROP INDEX `invoices_sent_idx`;--> statement-breakpoint
CREATE INDEX `invoices_sent_idx` ON `invoices` (`sent_at`,`state`,`total_cents`);