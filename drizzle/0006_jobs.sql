-- drizzle-kit leaves ON DELETE out of an added column's reference: set null is written by hand below.
CREATE TABLE `estimates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`roof_customer_id` integer,
	`tier` text DEFAULT 'better' NOT NULL,
	`waste_percent` integer DEFAULT 10 NOT NULL,
	`tear_off_layers` integer DEFAULT 1 NOT NULL,
	`tax_rate_bp` integer DEFAULT 0 NOT NULL,
	`lines` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`roof_customer_id`) REFERENCES `roof_customers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `estimates_lead_id_unique` ON `estimates` (`lead_id`);--> statement-breakpoint
CREATE TABLE `proposals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`content` text NOT NULL,
	`total_cents` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_name` text,
	`accepted_ip` text,
	`notify_status` text DEFAULT 'pending' NOT NULL,
	`notify_attempts` integer DEFAULT 0 NOT NULL,
	`notify_last_error` text,
	`notify_next_attempt_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `proposals_token_hash_unique` ON `proposals` (`token_hash`);--> statement-breakpoint
CREATE INDEX `proposals_lead_idx` ON `proposals` (`lead_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `review_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`mail_status` text DEFAULT 'pending' NOT NULL,
	`mail_attempts` integer DEFAULT 0 NOT NULL,
	`mail_last_error` text,
	`mail_next_attempt_at` integer,
	`testimonial_id` integer,
	`submitted_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`testimonial_id`) REFERENCES `testimonials`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_requests_token_hash_unique` ON `review_requests` (`token_hash`);--> statement-breakpoint
CREATE INDEX `review_requests_lead_idx` ON `review_requests` (`lead_id`);--> statement-breakpoint
CREATE INDEX `review_requests_mail_idx` ON `review_requests` (`mail_status`,`mail_next_attempt_at`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `completed_at` integer;--> statement-breakpoint
ALTER TABLE `projects` ADD `published` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `lead_id` integer REFERENCES contact_messages(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `projects` ADD `service` text;--> statement-breakpoint
ALTER TABLE `projects` ADD `town` text;--> statement-breakpoint
ALTER TABLE `testimonials` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `testimonials` ADD `lead_id` integer REFERENCES contact_messages(id) ON DELETE set null;