/**
 * English text is written in US spelling (Authorize, Color, Organization, canceled). These are the
 * common British forms the catalogs' and the server's English text is checked against (the tests in
 * apps/web/src/locales and apps/server/src/lib). Route paths, API field names and error codes keep
 * the spelling their contract gives them (`controllers/{id}/authorise`, `organisation`); the checks
 * skip such tokens.
 */

/** -ise, -isation: these roots followed by e, ed, es, er, ing or ation (not organism, specialist). */
const ISE_ROOTS = [
  'authoris',
  'unauthoris',
  'organis',
  'reorganis',
  'recognis',
  'realis',
  'customis',
  'prioritis',
  'summaris',
  'minimis',
  'maximis',
  'optimis',
  'initialis',
  'synchronis',
  'normalis',
  'finalis',
  'apologis',
  'utilis',
  'categoris',
  'visualis',
  'standardis',
  'memoris',
  'personalis',
  'centralis',
  'specialis',
  'familiaris',
  'sanitis',
  'serialis',
  'localis',
  'stabilis',
  'criticis',
  'emphasis',
];
const ISE = new RegExp(`^(${ISE_ROOTS.join('|')})(e|ed|es|er|ers|ing|ation|ations)$`);

/** Other British forms: a word starting with one of these. */
const BRITISH_STEMS = [
  // -our
  'colour',
  'discolour',
  'behaviour',
  'honour',
  'favour',
  'labour',
  'neighbour',
  'humour',
  'flavour',
  'vapour',
  'armour',
  'endeavour',
  'odour',
  // -yse
  'analyse',
  'analysed',
  'analysing',
  'paralyse',
  'catalyse',
  // doubled l
  'cancelled',
  'cancelling',
  'labelled',
  'labelling',
  'modelled',
  'modelling',
  'travelled',
  'travelling',
  'levelled',
  'signalled',
  'fuelled',
  'totalled',
  'channelled',
  'counselled',
  'enrolment',
  'fulfilment',
  'instalment',
  'skilful',
  'wilful',
  // -re
  'centre',
  'metre',
  'litre',
  'fibre',
  'theatre',
  // others
  'catalogue',
  'programme',
  'licence',
  'defence',
  'offence',
  'practise',
  'grey',
  'cheque',
  'tyre',
  'aluminium',
  'judgement',
  'acknowledgement',
  'ageing',
  'artefact',
  'whilst',
  'amongst',
  'learnt',
  'spelt',
  'storey',
  'manoeuvre',
  'sceptic',
  'speciality',
  'dialogue',
] as const;

/** The British-spelled words of a text (lowercased, as found); none for US English. */
export function britishSpellings(text: string): string[] {
  const found: string[] = [];
  for (const raw of text.split(/\s+/)) {
    // Paths, keys, placeholders and code identifiers keep their contract's spelling.
    if (/[/._{}$:=@#<>]/.test(raw) || (raw.length > 1 && raw === raw.toUpperCase())) continue;
    for (const word of raw.toLowerCase().match(/[a-z]+/g) ?? []) {
      if (ISE.test(word) || BRITISH_STEMS.some((stem) => word.startsWith(stem))) found.push(word);
    }
  }
  return found;
}
