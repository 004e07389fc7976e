-- Custom SQL migration file, put your code below! --
-- Sites seeded before migration 0015 hold the demo rows unmarked (decision 0043). Mark
-- only what the seed wrote, word for word: a project whose title, category, description,
-- video and picture (by the seed file it was stored from) are still the seed's, a review
-- whose name and quote are, and the pictures of those demo projects. A row the owner
-- made, or edited in any of those, no longer matches and stays his. Nothing else changes.
WITH seed(title, category, description, video_url, file) AS (VALUES
  ('Two-Story Custom Home Framing, Derby', 'framing', 'Full framing package for a 2,600 sq ft two-story home: engineered floor joists, 2x6 exterior walls and site-built roof trusses, inspected and passed on the first visit.', NULL, 'framing-custom-home.webp'),
  ('Family Room Addition, Wellington', 'framing', 'A 16 x 20 ft room addition tied into the existing roofline, with a new header for a wide opening into the kitchen.', NULL, 'framing-room-addition.webp'),
  ('Detached Garage and Workshop, Mulvane', 'framing', 'Framing for a 24 x 30 ft detached garage with a 10 ft wall height for a lift, plus a loft over the workshop bay.', NULL, 'framing-garage.webp'),
  ('Architectural Shingle Roof, Andover', 'roofing', 'Tear-off and replacement with impact-rated architectural shingles, new drip edge, synthetic underlayment and seamless gutters.', NULL, 'roofing-architectural-shingles.webp'),
  ('Hail Damage Repair, Haysville', 'roofing', 'Storm-damaged slopes replaced and flashing resealed after a spring hail storm; we met the adjuster on site and documented every bruise.', NULL, 'roofing-storm-repair.webp'),
  ('Complete Roof Replacement, Wichita', 'roofing', 'Full replacement on a 1970s home in College Hill, including new decking where the old planks had rotted along the eaves.', NULL, 'roofing-replacement.webp'),
  ('Bright Green Treatment on a Ranch Home, Newton', 'bright-green', 'A 12-year-old shingle roof treated with the bio-based Bright Green coating to restore flexibility and color instead of replacing it.', NULL, 'bright-green-ranch.webp'),
  ('Bright Green Treatment, Two-Story, Augusta', 'bright-green', 'Two-story home with granule loss on the south slope; one application of the treatment brought the shingles back to a uniform, rich color.', NULL, 'bright-green-two-story.webp'),
  ('Watch: How the Bright Green Treatment Is Applied', 'bright-green', 'A short walk-through of a treatment day: inspection, cleaning, the low-pressure spray application and the finished roof.', 'https://www.youtube.com/watch?v=M7lc1UVf-VE', 'bright-green-video.webp')
)
UPDATE `projects` SET `demo` = 1
WHERE `lead_id` IS NULL AND EXISTS (
  SELECT 1 FROM seed JOIN `images` i ON i.`id` = `projects`.`image_id`
  WHERE seed.title = `projects`.`title` AND seed.category = `projects`.`category`
    AND seed.description = `projects`.`description` AND seed.video_url IS `projects`.`video_url`
    AND i.`original_name` = seed.file AND i.`purpose` = 'library'
);
--> statement-breakpoint
-- A seed picture counts as demo only while no project of the owner shows it.
UPDATE `images` SET `demo` = 1
WHERE `purpose` = 'library'
  AND `id` IN (SELECT `image_id` FROM `projects` WHERE `demo` = 1)
  AND `id` NOT IN (SELECT `image_id` FROM `projects` WHERE `demo` = 0 AND `image_id` IS NOT NULL);
--> statement-breakpoint
WITH seed(name, quote) AS (VALUES
  ('Karen M.', 'They replaced our roof two days after the hail storm and cleaned up every last nail. Dale walked us through the insurance paperwork too.'),
  ('Tom and Lisa R.', 'Our addition was framed square, plumb and on schedule. The inspector said it was some of the cleanest framing he had seen this year.'),
  ('Greg H.', 'I was quoted a full replacement elsewhere. Prairie Ridge suggested the Bright Green treatment instead and the roof looks years younger.'),
  ('Angela P.', 'Honest estimate, clear schedule and a crew that showed up when they said they would. Our new gutters finally keep the basement dry.'),
  ('Marcus D.', 'They found the leak two other roofers missed: a cracked boot around the furnace vent. Fixed the same afternoon for a fair price.'),
  ('Shirley B.', 'Friendly family business. Cody answered every question I had and sent photos of the work while I was away.')
)
UPDATE `testimonials` SET `demo` = 1
WHERE `lead_id` IS NULL AND EXISTS (SELECT 1 FROM seed WHERE seed.name = `testimonials`.`name` AND seed.quote = `testimonials`.`quote`);
