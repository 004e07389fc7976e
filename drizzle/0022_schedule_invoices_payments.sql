CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`proposal_id` integer,
	`number` integer,
	`kind` text NOT NULL,
	`state` text DEFAULT 'draft' NOT NULL,
	`lines` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`paid_cents` integer DEFAULT 0 NOT NULL,
	`due_on` text,
	`note` text,
	`sent_at` integer,
	`voided_at` integer,
	`void_reason` text,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "invoices_money_check" CHECK("invoices"."total_cents" >= 0 and "invoices"."paid_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_idx` ON `invoices` (`number`) WHERE "invoices"."number" is not null;--> statement-breakpoint
CREATE INDEX `invoices_lead_idx` ON `invoices` (`lead_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_open_idx` ON `invoices` (`due_on`) WHERE "invoices"."state" in ('sent', 'partly_paid');--> statement-breakpoint
CREATE TABLE `job_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_links_token_hash_unique` ON `job_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `job_links_lead_idx` ON `job_links` (`lead_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`method` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`check_number` text,
	`received_on` text NOT NULL,
	`note` text,
	`stripe_session_id` text,
	`stripe_payment_intent` text,
	`recorded_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payments_amount_check" CHECK("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_session_id_unique` ON `payments` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `visits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`kind` text NOT NULL,
	`starts_at` integer NOT NULL,
	`duration_minutes` integer DEFAULT 60 NOT NULL,
	`assigned_to` integer,
	`note` text,
	`sequence` integer DEFAULT 0 NOT NULL,
	`reminder_queued_at` integer,
	`cancelled_at` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assigned_to`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `visits_starts_idx` ON `visits` (`starts_at`) WHERE "visits"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX `visits_lead_idx` ON `visits` (`lead_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `visits_assigned_idx` ON `visits` (`assigned_to`,`starts_at`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `visit_id` integer REFERENCES visits(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `outbox` ADD `invoice_id` integer REFERENCES invoices(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `outbox` ADD `payment_id` integer REFERENCES payments(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `outbox_visit_idx` ON `outbox` (`visit_id`);--> statement-breakpoint
CREATE INDEX `outbox_invoice_idx` ON `outbox` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `outbox_payment_idx` ON `outbox` (`payment_id`);