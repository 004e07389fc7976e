ALTER TABLE `proposals` ADD `chosen_option` text;--> statement-breakpoint
ALTER TABLE `proposals` ADD `chosen_add_ons` text;