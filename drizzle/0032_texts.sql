CREATE TABLE `inbound_texts` (
	`message_sid` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`lead_id` integer,
	`received_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `text_opt_outs` (
	`phone` text PRIMARY KEY NOT NULL,
	`opted_out_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `leads` ADD `text_consent_at` integer;--> statement-breakpoint
ALTER TABLE `leads` ADD `unread_reply_at` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `channel` text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `lead_note_id` integer REFERENCES lead_notes(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `outbox` ADD `delivery_status` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `delivery_error` text;--> statement-breakpoint
CREATE INDEX `outbox_provider_idx` ON `outbox` (`provider_id`);--> statement-breakpoint
CREATE INDEX `outbox_lead_note_idx` ON `outbox` (`lead_note_id`);