DROP INDEX `leads_report_idx`;--> statement-breakpoint
ALTER TABLE `leads` ADD `first_contact_at` integer;--> statement-breakpoint
CREATE INDEX `leads_report_idx` ON `leads` (`created_at`,`source`,`status`,`archived_at`,`first_contact_at`);--> statement-breakpoint
UPDATE `leads` SET `first_contact_at` = (
  SELECT min(`n`.`created_at`) FROM `lead_notes` `n`
  WHERE `n`.`lead_id` = `leads`.`id` AND `n`.`author_id` IS NOT NULL AND `n`.`created_at` >= `leads`.`created_at`
    AND `n`.`kind` IN ('note', 'visit-booked', 'text-sent', 'on-my-way', 'proposal-emailed', 'roof-measured')
);
