DROP INDEX `lead_notes_lead_idx`;--> statement-breakpoint
CREATE INDEX `lead_notes_lead_idx` ON `lead_notes` (`lead_id`,`created_at`,`kind`,`author_id`);