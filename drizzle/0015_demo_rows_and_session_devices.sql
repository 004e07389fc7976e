ALTER TABLE `images` ADD `demo` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `demo` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `ip` text;--> statement-breakpoint
ALTER TABLE `testimonials` ADD `demo` integer DEFAULT false NOT NULL;