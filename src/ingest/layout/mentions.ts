// Mentions of a part of a document in running text ("see Table 2", "§ 4.1", "p. 12", "Note 7", "Item 7"), and
// whether one names a part of something else (a statute, another filing, a cited paper).
import { labelWord } from '../../document/caption-grammar';

export const CROSS_REFERENCE =
  /\b(?:(figures?|figs?\.|tables?|tabs?\.|charts?|exhibits?)\s*([A-Z]?\d+(?:\.\d+)*[a-z]?)\b|(sections?|sects?\.|secs?\.)\s*(\d+(?:\.(?:\d+|[A-Z]\b))*)\b|(appendix|annex)\s+([A-Z](?:\.\d+)*|\d+)\b|(chapter|chap\.)\s*(\d+)\b|(pages?|pp?\.)\s*(\d{1,5})\b|(notes?)\s+(\d{1,2}[A-Z]?)\b(?![.,]\d)|(items?)\s+(\d{1,2}[A-C]?)\b(?![.,]\d))|(§§?)\s*(\d+(?:\.\d+)*)/gi;

export interface Mention {
  mention: string;
  kind: 'label' | 'section' | 'appendix' | 'chapter' | 'page' | 'note' | 'item';
  /** "figure 3", "4.1", "B", "5", "12", "7", "1A". */
  value: string;
  index: number;
}

/** After a mention: it names a statute's or another filing's part ("Section 13(a) of the Exchange Act"). */
const EXTERNAL_AFTER =
  /^(?:\s*(?:\([\w.]+\)|,|or|and|OR|AND|[Ss]ections?|SECTIONS?|§|\d[\w.-]*))*\s+(?:[Oo][Ff]|[Tt][Oo]|[Uu]nder|UNDER)\s+(?:[Tt][Hh][Ee]\s+|\d+\s+)?(?:[\p{Lu}\d][\w.,&'’-]*\s+){0,8}(?:[Aa]ct|ACT|CODE|[Cc]ode|U\.S\.C|C\.F\.R|DGCL|[Rr]egulation|[Rr]ules?|[Ff]orm|[Rr]eport|[Rr]egistration|[Ss]tatement|[Aa]greement|[Ii]ndenture|[Pp]lan|[Pp]rospectus|[Cc]hapter|[Tt]itle)\b/u;
/** "… of this Annual Report", "… in this report": the document itself. */
const THIS_DOCUMENT_AFTER = /^(?:\s*(?:\([\w.]+\)|,|or|and|\d[\w.-]*))*\s+(?:of|in|to)\s+this\b/i;
/** Before a mention: a statute's citation ("18 U.S.C. § 1350", "Id. §"). */
const EXTERNAL_BEFORE =
  /(?:u\.s\.c\.|c\.f\.r\.|\bid\.|\bcode|incorporated (?:herein )?by reference to|filed as)\s*$/i;
/** Later in the same sentence: the part belongs to another filing ("… of our 2021 Annual Report on Form 10-K"). */
const OTHER_FILING =
  /\b(?:of|in)\s+(?:our|its|the company['’]s|(\p{L}[\w.&-]*(?:\s+\p{L}[\w.&-]*)*)['’]s)\s+(?:\d{4}\s+|fiscal\s+\d{4}\s+|most recent\s+)?(?:annual report|quarterly report|form 10-[kq])/giu;
/** Another company's name ("Acme Corp's"), tested apart: under the `i` flag \p{Lu} matches lower-case letters too. */
const COMPANY_NAME = /^\p{Lu}[\w.&-]*(?:\s+\p{Lu}[\w.&-]*)*$/u;

function namesOtherFiling(sentence: string): boolean {
  OTHER_FILING.lastIndex = 0;
  for (let m = OTHER_FILING.exec(sentence); m; m = OTHER_FILING.exec(sentence)) {
    if (m[1] === undefined || COMPANY_NAME.test(m[1])) return true;
    OTHER_FILING.lastIndex = m.index + 1; // "in detail in Acme's …": a later "in" may start the name
  }
  return false;
}

function sentenceAfter(after: string): string {
  const end = after.slice(12).search(/[;]|\.\s+(?=\p{Lu})/u);
  return end < 0 ? after : after.slice(0, end + 12);
}

/** A bibliography's page range ("pp. 6781–6792") or a dotted statute number ("§ 21-2-171"). */
const RANGE_AFTER = /^\s*[–—-]\s*\d/;

/** Whether the mention at `index` names something outside this document (a statute, another filing, a cited paper). */
export function isExternalMention(text: string, index: number, length: number): boolean {
  const after = text.slice(index + length, index + length + 120);
  const before = text.slice(Math.max(0, index - 40), index);
  if (RANGE_AFTER.test(after)) return true;
  // A figure, table or chart is named by its label alone; "Figure 3 of the report" is still this document's.
  if (/^(fig|tab|chart)/i.test(text.slice(index, index + length).trim())) return false;
  if (THIS_DOCUMENT_AFTER.test(after)) return false;
  return EXTERNAL_AFTER.test(after) || EXTERNAL_BEFORE.test(before) || namesOtherFiling(sentenceAfter(after));
}

export function findMentions(text: string): Mention[] {
  const out: Mention[] = [];
  for (const m of text.matchAll(CROSS_REFERENCE)) {
    const index = m.index ?? 0;
    const mention = m[0].trim();
    if (isExternalMention(text, index, m[0].length)) continue;
    if (m[1] && m[2]) {
      const word = m[1]
        .toLowerCase()
        .replace(/s?\.?$/, '')
        .replace(/^fig$/, 'figure')
        .replace(/^tab$/, 'table');
      out.push({ mention, kind: 'label', value: `${labelWord(word)} ${m[2].toLowerCase()}`, index });
    } else if (m[3] && m[4]) out.push({ mention, kind: 'section', value: m[4], index });
    else if (m[5] && m[6] && isAppendixLabel(m[6]))
      out.push({ mention, kind: 'appendix', value: m[6], index });
    else if (m[7] && m[8]) out.push({ mention, kind: 'chapter', value: m[8], index });
    else if (m[9] && m[10]) out.push({ mention, kind: 'page', value: m[10], index });
    else if (m[11] && m[12] && isNoteMention(m[11], m[12]))
      out.push({ mention, kind: 'note', value: m[12].toUpperCase(), index });
    else if (m[13] && m[14] && isItemMention(m[13]))
      out.push({ mention, kind: 'item', value: m[14].toUpperCase(), index });
    else if (m[15] && m[16]) out.push({ mention, kind: 'section', value: m[16], index });
  }
  return out;
}

/** "Appendix B", "Annex 2": a capital (the regex's `i` flag takes "the appendix a reader needs" too). */
function isAppendixLabel(value: string): boolean {
  return !/^[a-z]/.test(value);
}

/** "Note 7" names a note; lower-case "note 3" is only a reference when written as one ("see note 3"). */
function isNoteMention(word: string, value: string): boolean {
  return /^N/.test(word) || /^\d/.test(value);
}

/** "Item 7" (a filing's item) is capitalised; "items 3" in prose is a count, not a reference. */
function isItemMention(word: string): boolean {
  return word === 'Item' || word === 'Items' || word === 'ITEM' || word === 'ITEMS';
}
