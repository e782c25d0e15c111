// A person's name as rosters, contributor lists and sign-offs print it. The roster count and the role reader share
// this one definition, so "Tom G. Baker" is a person to both.

const NAME_WORD = String.raw`\p{Lu}[\p{L}'’-]*`;

/**
 * A first name, perhaps an initial, and a surname ("Ann Reyes", "Tom G. Baker"). Two words, so in running text
 * ("… Agency Ann Reyes, Director") it takes the two before the comma, not the organisation's last word.
 */
export const PERSON = String.raw`${NAME_WORD}(?:\s+\p{Lu}\.)?\s+${NAME_WORD}`;

/** Where the name's start is known (it opens a line), a middle name is part of it: "Kimberly Thigpen Tart". */
const FULL_PERSON = String.raw`${NAME_WORD}(?:\s+(?:\p{Lu}\.|${NAME_WORD}))?\s+${NAME_WORD}`;
const TITLE = String.raw`(?:(?:Dr|Prof|Mr|Mrs|Ms|Mx|Sir|Dame)\.?\s+)?`;
/** A name that ends where the entry does: the text's end, a comma, a bracket or a dash. */
const NAME_OPENING_TO_BREAK = new RegExp(
  String.raw`^\s*${TITLE}(${FULL_PERSON})(?=\s*(?:$|[,;(\n]|\s[–—-]))`,
  'u',
);
/** A line that is a name alone, perhaps with degrees after commas: "Celeste Reyes, MD, MPH". */
const NAME_ALONE = new RegExp(String.raw`^\s*${TITLE}(${FULL_PERSON})(?:,\s*\p{Lu}[\p{L}.]{0,5})*\s*$`, 'u');
/** A name followed by more words ("Tom G. Baker Finance Lead: …"): first name, initial, surname only. */
const NAME_OPENING = new RegExp(String.raw`^\s*${TITLE}(${PERSON})(?![\p{L}'’.-])`, 'u');

/**
 * Capitalised words that make a title, an office or an organisation, not a person ("Executive Director",
 * "Project Office"); the role nouns are added by the role reader.
 */
const NOT_NAME_WORDS = new Set(
  (
    'the and of for a an chief executive senior deputy vice assistant associate acting interim board committee ' +
    'council office department ministry university college school institute agency program programme project ' +
    'team group company corporation inc ltd llc center centre division unit national united states report staff ' +
    'member members steering advisory research science scientist technical general'
  ).split(' '),
);

/** Whether a capitalised run of words is a person's name rather than a title or an organisation. */
export function isPersonName(name: string, notNames: ReadonlySet<string> = new Set()): boolean {
  return name
    .toLowerCase()
    .split(/[\s-]+/)
    .every((w) => !NOT_NAME_WORDS.has(w.replace(/\.$/, '')) && !notNames.has(w));
}

/**
 * The person's name a text opens with ("Allison Reyes, Lakeside Agency" → "Allison Reyes"), without a title;
 * `toBreak`: only a name the entry ends after (a line of a list, not a sentence's subject).
 */
export function openingName(
  text: string,
  notNames: ReadonlySet<string> = new Set(),
  toBreak = false,
): string | null {
  const name = (NAME_OPENING_TO_BREAK.exec(text) ?? (toBreak ? null : NAME_OPENING.exec(text)))?.[1];
  return name && isPersonName(name, notNames) ? name.replace(/\s+/g, ' ') : null;
}

/** The name a line prints alone (a signature block's "Rick Reyes" above "GOVERNOR"), else null. */
export function nameAlone(text: string, notNames: ReadonlySet<string> = new Set()): string | null {
  const name = NAME_ALONE.exec(text)?.[1];
  return name && isPersonName(name, notNames) ? name.replace(/\s+/g, ' ') : null;
}
