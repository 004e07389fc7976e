-- Data made before 0007's rules (decision 0032), brought under them. Times are ms since 1970.
-- 1. A lead that accepted a proposal has its current estimate locked, from its first acceptance.
UPDATE `estimates` SET `locked_at` = (
  SELECT min(p.`accepted_at`) FROM `proposals` p WHERE p.`lead_id` = `estimates`.`lead_id` AND p.`accepted_at` IS NOT NULL
)
WHERE `superseded_at` IS NULL AND `locked_at` IS NULL
  AND `lead_id` IN (SELECT `lead_id` FROM `proposals` WHERE `accepted_at` IS NOT NULL);
--> statement-breakpoint
-- 2. Two acceptances on one lead (the bug 0007 fixed): the first stands; a later one is withdrawn,
-- its acceptance kept for the record. One accepted, not withdrawn, per lead (the next migration's index).
UPDATE `proposals` SET `withdrawn_at` = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
WHERE `withdrawn_at` IS NULL AND `accepted_at` IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM `proposals` q WHERE q.`lead_id` = `proposals`.`lead_id` AND q.`accepted_at` IS NOT NULL
      AND (q.`accepted_at` < `proposals`.`accepted_at` OR (q.`accepted_at` = `proposals`.`accepted_at` AND q.`id` < `proposals`.`id`))
  );
--> statement-breakpoint
-- 3. One live proposal per lead: an open one is withdrawn when its lead accepted another, or when
-- it is not the lead's newest. An expired one is left alone: it is closed already, and its PDF
-- stays the homeowner's to keep.
UPDATE `proposals` SET `withdrawn_at` = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
WHERE `withdrawn_at` IS NULL AND `accepted_at` IS NULL
  AND `expires_at` > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  AND (
    EXISTS (SELECT 1 FROM `proposals` q WHERE q.`lead_id` = `proposals`.`lead_id` AND q.`accepted_at` IS NOT NULL)
    OR `id` < (SELECT max(q.`id`) FROM `proposals` q WHERE q.`lead_id` = `proposals`.`lead_id`)
  );
