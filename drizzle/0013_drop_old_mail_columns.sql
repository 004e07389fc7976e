DROP INDEX `leads_notify_idx`;--> statement-breakpoint
ALTER TABLE `leads` DROP COLUMN `notify_status`;--> statement-breakpoint
ALTER TABLE `leads` DROP COLUMN `notify_attempts`;--> statement-breakpoint
ALTER TABLE `leads` DROP COLUMN `notify_last_error`;--> statement-breakpoint
ALTER TABLE `leads` DROP COLUMN `notify_next_attempt_at`;--> statement-breakpoint
ALTER TABLE `leads` DROP COLUMN `autoreply_status`;--> statement-breakpoint
ALTER TABLE `leads` DROP COLUMN `autoreply_attempts`;--> statement-breakpoint
ALTER TABLE `leads` DROP COLUMN `autoreply_last_error`;--> statement-breakpoint
DROP INDEX `proposals_token_hash_unique`;--> statement-breakpoint
ALTER TABLE `proposals` DROP COLUMN `token_hash`;--> statement-breakpoint
ALTER TABLE `proposals` DROP COLUMN `notify_status`;--> statement-breakpoint
ALTER TABLE `proposals` DROP COLUMN `notify_attempts`;--> statement-breakpoint
ALTER TABLE `proposals` DROP COLUMN `notify_last_error`;--> statement-breakpoint
ALTER TABLE `proposals` DROP COLUMN `notify_next_attempt_at`;--> statement-breakpoint
DROP INDEX `review_requests_mail_idx`;--> statement-breakpoint
ALTER TABLE `review_requests` DROP COLUMN `mail_status`;--> statement-breakpoint
ALTER TABLE `review_requests` DROP COLUMN `mail_attempts`;--> statement-breakpoint
ALTER TABLE `review_requests` DROP COLUMN `mail_last_error`;--> statement-breakpoint
ALTER TABLE `review_requests` DROP COLUMN `mail_next_attempt_at`;