-- Custom SQL migration file, put your code below! --
-- US English in stored names too: the owner's labor prices and the estimate lines made
-- from them were keyed "labour" (a Kansas business writes "labor"). Only the keys move;
-- every price, quantity and label stays as it was. Proposals are frozen copies, kept as
-- sent (decision 0032): nothing reads their lines' keys.
UPDATE `settings`
SET `value` = json_set(json_remove(`value`, '$.labourPerSquareCents'), '$.laborPerSquareCents', json(json_extract(`value`, '$.labourPerSquareCents')))
WHERE `key` = 'pricing' AND json_type(`value`, '$.labourPerSquareCents') IS NOT NULL;
--> statement-breakpoint
UPDATE `estimates` SET `lines` = replace(`lines`, '"key":"labour-', '"key":"labor-') WHERE `lines` LIKE '%"key":"labour-%';
