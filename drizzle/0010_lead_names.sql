-- Custom SQL migration file, put your code below! --
-- One name for a lead (decision 0036). Renamed in place, never rebuilt: SQLite's
-- RENAME keeps every row and rewrites the foreign keys of the tables that point here
-- (projects, testimonials, roof_customers, estimates, proposals, review_requests,
-- lead_notes, lead_photos), where a rebuild would cascade deletes (decision 0019).
ALTER TABLE `contact_messages` RENAME TO `leads`;--> statement-breakpoint
ALTER TABLE `contact_message_photos` RENAME TO `lead_photos`;--> statement-breakpoint
ALTER TABLE `lead_photos` RENAME COLUMN `message_id` TO `lead_id`;--> statement-breakpoint
ALTER TABLE `lead_notes` RENAME COLUMN `message_id` TO `lead_id`;--> statement-breakpoint
DROP INDEX `contact_messages_created_idx`;--> statement-breakpoint
DROP INDEX `contact_messages_notify_idx`;--> statement-breakpoint
DROP INDEX `contact_message_photos_message_idx`;--> statement-breakpoint
DROP INDEX `contact_message_photos_stored_name_unique`;--> statement-breakpoint
DROP INDEX `lead_notes_message_idx`;--> statement-breakpoint
CREATE INDEX `leads_created_idx` ON `leads` (`created_at`);--> statement-breakpoint
CREATE INDEX `leads_notify_idx` ON `leads` (`notify_status`,`notify_next_attempt_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `lead_photos_stored_name_unique` ON `lead_photos` (`stored_name`);--> statement-breakpoint
CREATE INDEX `lead_photos_lead_idx` ON `lead_photos` (`lead_id`);--> statement-breakpoint
CREATE INDEX `lead_notes_lead_idx` ON `lead_notes` (`lead_id`,`created_at`);
