-- A final invoice's lines that take off what earlier invoices billed ("Less deposit invoice
-- INV-0001") were told apart from the work only by their words. They now carry
-- "deduction": true, which is what every screen and the PDF read to put them after the job's
-- total; the final invoices a site already has get the flag here, so nothing reads words.
UPDATE invoices
SET lines = (
  SELECT json_group_array(
    CASE
      WHEN json_extract(line.value, '$.amountCents') < 0
        AND json_extract(line.value, '$.description') LIKE 'Less %'
        AND coalesce(json_extract(line.value, '$.changeOrder'), 0) = 0
      THEN json_set(line.value, '$.deduction', json('true'))
      ELSE json(line.value)
    END
  )
  FROM json_each(invoices.lines) AS line
)
WHERE kind = 'final' AND json_valid(lines);
