ALTER TABLE `projects` ADD `published_at` integer;--> statement-breakpoint
CREATE INDEX `projects_admin_order_idx` ON `projects` (`featured`,"sort_order" desc,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `projects_admin_category_idx` ON `projects` (`category`,`featured`,"sort_order" desc,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `projects_public_order_idx` ON `projects` (`category`,`featured`,"sort_order" desc,`created_at`,`id`) WHERE "projects"."published" = 1;--> statement-breakpoint
CREATE INDEX `projects_public_service_idx` ON `projects` (`service`) WHERE "projects"."published" = 1;--> statement-breakpoint
CREATE INDEX `projects_public_town_idx` ON `projects` (lower(trim("town"))) WHERE "projects"."published" = 1;--> statement-breakpoint
ALTER TABLE `testimonials` ADD `approved_at` integer;--> statement-breakpoint
CREATE INDEX `testimonials_admin_order_idx` ON `testimonials` (`status`,"created_at" desc,"id" desc);