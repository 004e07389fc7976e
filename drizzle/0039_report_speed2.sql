CREATE INDEX `invoices_sent_idx` ON `invoices` (`sent_at`);--> statement-breakpoint
CREATE INDEX `leads_report_idx` ON `leads` (`created_at`,`source`,`status`,`archived_at`);--> statement-breakpoint
CREATE INDEX `payments_received_idx` ON `payments` (`received_on`);