ALTER TABLE `lead_photos` ADD `tag` text;--> statement-breakpoint
ALTER TABLE `lead_photos` ADD `caption` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `lead_photos` ADD `taken_by` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `lead_photos` ADD `taken_at` integer;--> statement-breakpoint
ALTER TABLE `lead_photos` ADD `shared_at` integer;--> statement-breakpoint
ALTER TABLE `lead_photos` ADD `client_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `lead_photos_client_key_idx` ON `lead_photos` (`lead_id`,`client_key`);--> statement-breakpoint
ALTER TABLE `projects` ADD `before_image_id` integer REFERENCES images(id) ON DELETE set null;