CREATE TABLE `claim_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`kind` text NOT NULL,
	`stored_name` text NOT NULL,
	`original_name` text NOT NULL,
	`content_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`uploaded_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claim_files_stored_name_unique` ON `claim_files` (`stored_name`);--> statement-breakpoint
CREATE INDEX `claim_files_lead_idx` ON `claim_files` (`lead_id`);--> statement-breakpoint
CREATE TABLE `claim_supplements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`claim_id` integer NOT NULL,
	`description` text NOT NULL,
	`requested_cents` integer NOT NULL,
	`state` text DEFAULT 'submitted' NOT NULL,
	`approved_cents` integer,
	`submitted_on` text NOT NULL,
	`decided_on` text,
	`invoice_id` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `insurance_claims`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "claim_supplements_money_check" CHECK("claim_supplements"."requested_cents" > 0 and ("claim_supplements"."approved_cents" is null or "claim_supplements"."approved_cents" >= 0))
);
--> statement-breakpoint
CREATE INDEX `claim_supplements_claim_idx` ON `claim_supplements` (`claim_id`);--> statement-breakpoint
CREATE TABLE `insurance_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`carrier` text NOT NULL,
	`claim_number` text NOT NULL,
	`loss_on` text,
	`adjuster_name` text,
	`adjuster_phone` text,
	`adjuster_email` text,
	`deductible_cents` integer DEFAULT 0 NOT NULL,
	`approved_cents` integer,
	`depreciation_cents` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "insurance_claims_money_check" CHECK("insurance_claims"."deductible_cents" >= 0 and "insurance_claims"."depreciation_cents" >= 0 and ("insurance_claims"."approved_cents" is null or "insurance_claims"."approved_cents" >= 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `insurance_claims_lead_id_unique` ON `insurance_claims` (`lead_id`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `payer` text DEFAULT 'homeowner' NOT NULL;