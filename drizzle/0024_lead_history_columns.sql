-- ADD COLUMN ... REFERENCES keeps the ON DELETE rule the schema states (drizzle-kit leaves it out).
ALTER TABLE `lead_notes` ADD `kind` text DEFAULT 'note' NOT NULL;--> statement-breakpoint
ALTER TABLE `lead_notes` ADD `amount_cents` integer;--> statement-breakpoint
ALTER TABLE `lead_notes` ADD `count` integer;--> statement-breakpoint
ALTER TABLE `lead_notes` ADD `detail` text;--> statement-breakpoint
ALTER TABLE `lead_notes` ADD `reference` text;--> statement-breakpoint
ALTER TABLE `lead_notes` ADD `invoice_id` integer REFERENCES invoices(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `lead_notes` ADD `payment_id` integer REFERENCES payments(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `lead_notes` ADD `visit_id` integer REFERENCES visits(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `lead_notes` ADD `visit_starts_at` integer;--> statement-breakpoint
ALTER TABLE `lead_notes` ADD `subject_id` integer REFERENCES users(id) ON DELETE set null;