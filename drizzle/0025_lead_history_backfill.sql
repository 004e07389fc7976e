-- Entries written before lead_notes had a kind were sentences. Each is sorted here by the
-- words its writer used, and keeps those words in `body` exactly as written: the office still
-- reads them as they were, the crew reads the kind's own words (no amount). What cannot be
-- sorted stays a note. The invoice, payment and Stripe session are filled in where the words
-- name them unambiguously (the invoice's number on the same lead).
UPDATE `lead_notes` SET `kind` = 'added-by-hand' WHERE `kind` = 'note' AND `body` = 'Added by hand';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'added-in-roof-tool' WHERE `kind` = 'note' AND `body` = 'Added in the roof tool';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'roof-measured' WHERE `kind` = 'note' AND `body` = 'Roof measured';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'job-completed' WHERE `kind` = 'note' AND `body` = 'Job completed';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'job-reopened' WHERE `kind` = 'note' AND `body` = 'Job marked not completed';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'proposal-withdrawn' WHERE `kind` = 'note' AND `body` = 'The estimate changed: the open proposal was withdrawn';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'assigned' WHERE `kind` = 'note' AND `body` LIKE 'Assigned to %' AND `status_to` IS NULL;--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'job-links-revoked' WHERE `kind` = 'note' AND `body` LIKE 'Turned off % to the homeowner''s page';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'homeowner-photos' WHERE `kind` = 'note' AND `author` = 'Homeowner (job page)' AND `body` LIKE 'Added % from the job page';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'proposal-accepted', `detail` = substr(`body`, 13) WHERE `kind` = 'note' AND `author` = 'Homeowner (proposal link)' AND `body` LIKE 'Accepted by %';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'proposal-created' WHERE `kind` = 'note' AND `author_id` IS NOT NULL AND `body` LIKE 'Proposal link created: $%';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'visit-booked' WHERE `kind` = 'note' AND `author_id` IS NOT NULL AND (`body` LIKE 'Estimate visit booked for % at %' OR `body` LIKE 'Inspection booked for % at %' OR `body` LIKE 'Work day booked for % at %');--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'visit-moved' WHERE `kind` = 'note' AND `author_id` IS NOT NULL AND (`body` LIKE 'Estimate visit moved to % at %' OR `body` LIKE 'Inspection moved to % at %' OR `body` LIKE 'Work day moved to % at %');--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'visit-canceled' WHERE `kind` = 'note' AND `author_id` IS NOT NULL AND (`body` LIKE 'Estimate visit on % at % canceled' OR `body` LIKE 'Inspection on % at % canceled' OR `body` LIKE 'Work day on % at % canceled');--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'invoice-sent' WHERE `kind` = 'note' AND `body` LIKE 'Invoice INV-% (%, $%) sent';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'invoice-voided' WHERE `kind` = 'note' AND `body` LIKE 'Invoice INV-% voided: %';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'invoice-draft-deleted' WHERE `kind` = 'note' AND `body` LIKE 'Draft % invoice ($%) deleted';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'payment-received' WHERE `kind` = 'note' AND `body` LIKE '$% received (%) on invoice INV-%';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'online-payment-unrecorded' WHERE `kind` = 'note' AND `author` = 'Online payment (Stripe)' AND `body` LIKE 'An online payment of % was not recorded (%): refund it from the Stripe dashboard (%)%';--> statement-breakpoint
UPDATE `lead_notes` SET `kind` = 'online-payment-over' WHERE `kind` = 'note' AND `author` = 'Online payment (Stripe)' AND `body` LIKE 'The online payment for invoice % more than was owed: refund % from the Stripe dashboard (%)%';--> statement-breakpoint
UPDATE `lead_notes` SET `invoice_id` = (
  SELECT `i`.`id` FROM `invoices` `i`
  WHERE `i`.`lead_id` = `lead_notes`.`lead_id` AND `i`.`number` IS NOT NULL
    AND (
      (`lead_notes`.`kind` IN ('invoice-sent', 'invoice-voided') AND `lead_notes`.`body` LIKE 'Invoice ' || printf('INV-%04d', `i`.`number`) || ' %')
      OR (`lead_notes`.`kind` = 'payment-received' AND `lead_notes`.`body` LIKE '% on invoice ' || printf('INV-%04d', `i`.`number`))
      OR (`lead_notes`.`kind` IN ('online-payment-unrecorded', 'online-payment-over') AND `lead_notes`.`body` LIKE '% for invoice ' || printf('INV-%04d', `i`.`number`) || ' %')
    )
) WHERE `kind` IN ('invoice-sent', 'invoice-voided', 'payment-received', 'online-payment-unrecorded', 'online-payment-over');--> statement-breakpoint
UPDATE `lead_notes` SET `amount_cents` = (SELECT `total_cents` FROM `invoices` WHERE `invoices`.`id` = `lead_notes`.`invoice_id`) WHERE `kind` = 'invoice-sent' AND `invoice_id` IS NOT NULL;--> statement-breakpoint
UPDATE `lead_notes` SET `detail` = substr(`body`, instr(`body`, ' voided: ') + 9) WHERE `kind` = 'invoice-voided';--> statement-breakpoint
UPDATE `lead_notes` SET `payment_id` = (
  SELECT `p`.`id` FROM `payments` `p` WHERE `p`.`invoice_id` = `lead_notes`.`invoice_id` AND `p`.`created_at` = `lead_notes`.`created_at` ORDER BY `p`.`id` LIMIT 1
) WHERE `kind` = 'payment-received' AND `invoice_id` IS NOT NULL;--> statement-breakpoint
UPDATE `lead_notes` SET `amount_cents` = (SELECT `amount_cents` FROM `payments` WHERE `payments`.`id` = `lead_notes`.`payment_id`) WHERE `kind` = 'payment-received' AND `payment_id` IS NOT NULL;--> statement-breakpoint
UPDATE `lead_notes` SET `reference` = substr(`body`, instr(`body`, 'Stripe dashboard (') + 18, length(`body`) - instr(`body`, 'Stripe dashboard (') - 19) WHERE `kind` IN ('online-payment-unrecorded', 'online-payment-over');
