/**
 * British spellings a visitor or homeowner must never read: the business is in Kansas, and
 * every word they see is US English. Whole words (and their endings), case-insensitive.
 * ARIA's own attribute names (aria-labelledby) are markup, not words anyone reads.
 */
const BRITISH = [
  "colour\\w*", "neighbour\\w*", "labour\\w*", "favour\\w*", "flavour\\w*", "humour\\w*", "honour\\w*", "behaviour\\w*",
  "harbour\\w*", "rumour\\w*", "armour\\w*", "odour\\w*", "vapour\\w*", "endeavour\\w*",
  "organis(?:e|ed|es|ing|ation|ations)", "realis(?:e|ed|es|ing|ation)", "recognis(?:e|ed|es|ing|able)", "apologis(?:e|ed|es|ing)",
  "customis(?:e|ed|es|ing|ation)", "minimis(?:e|ed|es|ing)", "maximis(?:e|ed|es|ing)", "prioritis(?:e|ed|es|ing)",
  "specialis(?:e|ed|es|ing)", "summaris(?:e|ed|es|ing)", "utilis(?:e|ed|es|ing|ation)", "authoris(?:e|ed|es|ing|ation)",
  "emphasis(?:e|ed|es|ing)", "personalis(?:e|ed|es|ing)", "standardis(?:e|ed|es|ing)", "finalis(?:e|ed|es|ing)",
  "centre\\w*", "metres?", "kilometres?", "litres?", "fibres?", "theatres?", "calibre", "sombre",
  "licence\\w*", "defence", "offence", "practis(?:e|ed|es|ing)",
  "catalogue\\w*", "analys(?:e|ed|es|ing)", "paralys(?:e|ed|es|ing)",
  "grey\\w*", "cheques?", "jewellery", "storeys", "tyres?", "aluminium", "mould\\w*", "plough\\w*", "programmes?", "kerbs?",
  "draughts?", "travell(?:ed|ing|er|ers)", "cancell(?:ed|ing)", "modell(?:ed|ing)", "labell(?:ed|ing)", "fulfil", "fulfils",
  "enrol", "enrols", "whilst", "amongst", "learnt", "spelt", "ageing", "judgement\\w*", "manoeuvr\\w*", "pyjamas",
  // British usage rather than spelling: US English checks a box, inquires, has a ZIP code, says "two weeks".
  "(?:un)?tick(?:s|ed|ing)?", "enquir\\w*", "postcodes?", "fortnight\\w*",
];

const PATTERN = new RegExp(`\\b(?:${BRITISH.join("|")})\\b`, "gi");

/** The British spellings in a text (empty when it is all US English). */
export function britishSpellings(text: string): string[] {
  return [...new Set(text.replace(/aria-labelledby/gi, "").match(PATTERN) ?? [])];
}
