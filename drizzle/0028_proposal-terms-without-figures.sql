-- The proposal terms the owner saved as his default held the built-in lines with a 10 %
-- deposit and a 5-year warranty. Those figures now come from Pricing and the trust facts
-- (decision 0073), so the built-in lines leave the saved wording; lines the owner wrote
-- himself stay as they are.
UPDATE settings
SET value = json_set(
  value,
  '$.terms',
  replace(
    replace(json_extract(value, '$.terms'), 'Payment: 10% on signing, the balance when the work is done and you have looked it over.' || char(10), ''),
    'Workmanship is guaranteed for 5 years; shingles carry the manufacturer''s warranty.',
    'Shingles carry the manufacturer''s warranty.'
  )
)
WHERE key = 'proposal' AND json_valid(value) AND json_type(value, '$.terms') = 'text';
