CREATE TABLE `contact_message_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`stored_name` text NOT NULL,
	`original_name` text NOT NULL,
	`content_type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_message_photos_stored_name_unique` ON `contact_message_photos` (`stored_name`);--> statement-breakpoint
CREATE INDEX `contact_message_photos_message_idx` ON `contact_message_photos` (`message_id`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `service` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `street` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `city` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `zip` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `preferred_contact` text;