CREATE TABLE `lead_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`author` text NOT NULL,
	`body` text,
	`status_from` text,
	`status_to` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lead_notes_message_idx` ON `lead_notes` (`message_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `lost_reason` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `follow_up_on` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `source` text DEFAULT 'website' NOT NULL;--> statement-breakpoint
-- Messages from before leads: one the owner has read or archived was seen to; only unread ones are New.
UPDATE `contact_messages` SET `status` = 'contacted' WHERE `read_at` IS NOT NULL OR `archived_at` IS NOT NULL;