DROP INDEX `lead_notes_lead_idx`;--> statement-breakpoint
DROP INDEX `lead_notes_moves_idx`;--> statement-breakpoint
CREATE INDEX `lead_notes_lead_idx` ON `lead_notes` (`lead_id`,`created_at`,`kind`,`author_id`);--> statement-breakpoint
CREATE INDEX `lead_notes_moves_idx` ON `lead_notes` (`created_at`,`status_to`,`lead_id`) WHERE "lead_notes"."status_to" is not null;