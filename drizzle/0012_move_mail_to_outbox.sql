-- Every mail of the three old queues moves into the outbox (decision 0037) before 0013 drops
-- their columns: pending, failed, being sent and sent alike (the admin shows each one's state).
-- An old lease (a next attempt set while no error was recorded) stays a lease; a wait after a
-- failure stays a wait. The owner's mails are addressed to the contact settings' notification
-- address (the worker records the address a mail really went to when it goes).
INSERT INTO `outbox` (`kind`, `lead_id`, `recipient`, `state`, `attempts`, `last_error`, `next_attempt_at`, `leased_until`, `created_at`)
SELECT 'lead-notification', `id`,
  coalesce((SELECT json_extract(`value`, '$.notificationEmail') FROM `settings` WHERE `key` = 'contact'), ''),
  `notify_status`, `notify_attempts`, `notify_last_error`,
  CASE WHEN `notify_last_error` IS NOT NULL THEN `notify_next_attempt_at` END,
  CASE WHEN `notify_status` = 'pending' AND `notify_last_error` IS NULL THEN `notify_next_attempt_at` END,
  `created_at`
FROM `leads`
-- A lead staff added (a call, a roof measured) was never mailed: it has no mail to move.
WHERE `source` = 'website' OR `notify_status` <> 'skipped'
ORDER BY `id`;
--> statement-breakpoint
-- The visitor's auto-reply, unless it still waits for its notification: that one queues it when it goes.
INSERT INTO `outbox` (`kind`, `lead_id`, `recipient`, `state`, `attempts`, `last_error`, `created_at`)
SELECT 'lead-autoreply', `id`, `email`, `autoreply_status`, `autoreply_attempts`, `autoreply_last_error`, `created_at`
FROM `leads`
WHERE (`source` = 'website' OR `autoreply_status` <> 'skipped')
  AND NOT (`autoreply_status` = 'pending' AND `notify_status` IN ('pending', 'failed'))
ORDER BY `id`;
--> statement-breakpoint
-- The owner's mail of each accepted proposal (one never accepted had none).
INSERT INTO `outbox` (`kind`, `lead_id`, `proposal_id`, `recipient`, `state`, `attempts`, `last_error`, `next_attempt_at`, `leased_until`, `created_at`)
SELECT 'proposal-accepted', `lead_id`, `id`,
  coalesce((SELECT json_extract(`value`, '$.notificationEmail') FROM `settings` WHERE `key` = 'contact'), ''),
  `notify_status`, `notify_attempts`, `notify_last_error`,
  CASE WHEN `notify_last_error` IS NOT NULL THEN `notify_next_attempt_at` END,
  CASE WHEN `notify_status` = 'pending' AND `notify_last_error` IS NULL THEN `notify_next_attempt_at` END,
  `accepted_at`
FROM `proposals`
WHERE `accepted_at` IS NOT NULL
ORDER BY `id`;
--> statement-breakpoint
INSERT INTO `outbox` (`kind`, `lead_id`, `review_request_id`, `recipient`, `state`, `attempts`, `last_error`, `next_attempt_at`, `leased_until`, `created_at`)
SELECT 'review-request', r.`lead_id`, r.`id`, l.`email`,
  r.`mail_status`, r.`mail_attempts`, r.`mail_last_error`,
  CASE WHEN r.`mail_last_error` IS NOT NULL THEN r.`mail_next_attempt_at` END,
  CASE WHEN r.`mail_status` = 'pending' AND r.`mail_last_error` IS NULL THEN r.`mail_next_attempt_at` END,
  r.`created_at`
FROM `review_requests` r JOIN `leads` l ON l.`id` = r.`lead_id`
ORDER BY r.`id`;
--> statement-breakpoint
-- Each proposal's token becomes its first link (decision 0038): the link staff copied keeps working.
INSERT INTO `proposal_links` (`proposal_id`, `token_hash`, `created_at`)
SELECT `id`, `token_hash`, `created_at` FROM `proposals` ORDER BY `id`;
