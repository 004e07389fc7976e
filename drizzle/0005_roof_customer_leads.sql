-- drizzle-kit leaves ON DELETE out of an added column's reference: a deleted lead keeps its measurement.
ALTER TABLE `roof_customers` ADD `lead_id` integer REFERENCES contact_messages(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `roof_customers_lead_idx` ON `roof_customers` (`lead_id`);--> statement-breakpoint
-- One lead per roof customer kept before leads: Measured when it has a roof area, else Contacted
-- (somebody was already out there), read (staff wrote it). No email ('' = none given), and no mail
-- is ever sent for it.
-- The subject carries the customer's id until the link is made, then becomes a plain label.
INSERT INTO `contact_messages` (`name`, `email`, `message`, `subject`, `street`, `city`, `zip`, `status`, `source`, `notify_status`, `autoreply_status`, `read_at`, `created_at`)
SELECT coalesce(nullif(trim(`customer_name`), ''), `street`), '', 'Roof customer kept in the roof tool before leads.',
  'roof-customer:' || `id`, `street`, `city`, `zip_code`,
  CASE WHEN `area` IS NOT NULL THEN 'measured' ELSE 'contacted' END,
  'roof_tool', 'skipped', 'skipped', `created_at`, `created_at`
FROM `roof_customers` WHERE `lead_id` IS NULL;--> statement-breakpoint
UPDATE `roof_customers` SET `lead_id` = (
  SELECT `id` FROM `contact_messages` WHERE `source` = 'roof_tool' AND `subject` = 'roof-customer:' || `roof_customers`.`id`
) WHERE `lead_id` IS NULL;--> statement-breakpoint
UPDATE `contact_messages` SET `subject` = 'Roof customer' WHERE `source` = 'roof_tool' AND `subject` LIKE 'roof-customer:%';
