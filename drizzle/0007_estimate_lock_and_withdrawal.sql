DROP INDEX `estimates_lead_id_unique`;--> statement-breakpoint
ALTER TABLE `estimates` ADD `missing_materials` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `estimates` ADD `left_out_reason` text;--> statement-breakpoint
ALTER TABLE `estimates` ADD `roof_basis` text;--> statement-breakpoint
ALTER TABLE `estimates` ADD `locked_at` integer;--> statement-breakpoint
ALTER TABLE `estimates` ADD `superseded_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `estimates_current_lead_idx` ON `estimates` (`lead_id`) WHERE "estimates"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX `estimates_lead_idx` ON `estimates` (`lead_id`);--> statement-breakpoint
ALTER TABLE `proposals` ADD `withdrawn_at` integer;