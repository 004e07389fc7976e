-- ADD COLUMN ... REFERENCES keeps the ON DELETE rule the schema states (drizzle-kit leaves it out).
CREATE TABLE `invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text,
	`invited_by` integer,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`user_id` integer,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_hash_unique` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitations_email_idx` ON `invitations` (`email`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_resets_token_hash_unique` ON `password_resets` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`);--> statement-breakpoint
CREATE TABLE `recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recovery_codes_user_idx` ON `recovery_codes` (`user_id`);--> statement-breakpoint
ALTER TABLE `lead_notes` ADD `author_id` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `leads` ADD `assigned_to` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `leads_assigned_idx` ON `leads` (`assigned_to`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `invitation_id` integer REFERENCES invitations(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `outbox` ADD `password_reset_id` integer REFERENCES password_resets(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `outbox_invitation_idx` ON `outbox` (`invitation_id`);--> statement-breakpoint
CREATE INDEX `outbox_password_reset_idx` ON `outbox` (`password_reset_id`);--> statement-breakpoint
ALTER TABLE `projects` ADD `published_by` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `proposals` ADD `sent_by` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `settings` ADD `updated_by` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `testimonials` ADD `approved_by` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `users` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `role` text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `last_sign_in_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_secret` text;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_enabled_at` integer;