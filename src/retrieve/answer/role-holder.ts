import type { AnswerElement } from '../extractive-answer';
import { isPersonName, nameAlone, openingName, PERSON } from './person-name';
import {
  askedRole,
  isRoleNoun,
  roleMatch,
  rolePhrase,
  ROLE_NOUNS,
  roleWords,
  type AskedRole,
  type RolePhrase,
} from './role-vocabulary';
import { citationAt, type CandidateSource, type EvidencePage, typedAnswer } from './typed-answer';

// "Who is the chief executive officer?", "Which individual leads the programme?": the name the evidence prints
// beside the role — below a label ("Lead Coordinator" / "Ann Reyes, Lakeside Agency") or above a title, after it
// ("Project Lead: Tom G. Baker") or before it ("Ann Reyes, Chief Executive Officer"). The first evidence page that
// prints the role answers; when two people fit it equally there, there is no answer, not a guess.

/** The question asks for a person: "who", "which individual", "the name of the <role>". */
const ASKS_PERSON =
  /(?:^|[,;:]\s*)(?:and\s+)?(?:who|whom)\b|\b(?:which|what)\s+(?:individual|person|official)\b/i;
const NAME_OF = /\bname of\b/i;
/** Words that make "the name of …" name something else than the role ("the name of the firm whose CEO …"). */
const CLAUSE = new Set(['who', 'whom', 'whose', 'which', 'that', 'where', 'when']);
/** A question that picks one holder among several in time or by measure: not "the" holder of the role. */
const PICKS_AMONG =
  /\b(?:first|second|third|last|latest|previous|former|next|new|newest|longest|shortest|oldest|youngest|most|least|earliest|how many)\b(?!\s+(?:page|slide|chapter|section|paragraph|line|table|figure)s?\b)/i;
const MAX_LABEL_WORDS = 6;
/** A name, its separator and then the role printed after it ("Ann Reyes, Chief Executive Officer"). */
const NAME_THEN_ROLE = new RegExp(
  String.raw`(?<![\p{L}'’.-])(${PERSON})\s*(?:,|\s[–—-]|\()\s*([^,;:()\n]+)`,
  'gu',
);
/** What separates a role from the name after it ("Project Lead: Tom G. Baker", "Chair – Ann Reyes"). */
const ROLE_THEN_NAME = /\s*(?::|\s[–—-])\s*/gu;
const NOT_READ = new Set(['table', 'page-header', 'page-footer']);

interface Line {
  element: AnswerElement;
  text: string;
}

/** A person the evidence prints beside a role, with the lines the name and the role were read from. */
interface RoleEntry {
  name: string;
  printedRole: string;
  role: RolePhrase;
  lines: Line[];
}

/** The role a question asks the holder of, when it asks for a person holding one. */
export function askedHolderRole(question: string): AskedRole | null {
  if (PICKS_AMONG.test(question)) return null;
  if (ASKS_PERSON.test(question)) return askedRole(question);
  const nameOf = NAME_OF.exec(question);
  if (!nameOf) return null;
  const after = roleWords(question.slice(nameOf.index + nameOf[0].length));
  const roleAt = after.findIndex(isRoleNoun);
  if (roleAt < 0 || roleAt > MAX_LABEL_WORDS || after.slice(0, roleAt).some((w) => CLAUSE.has(w)))
    return null;
  return askedRole(question);
}

/** The role phrase a short text is, whole ("Lead Coordinator", "Director of Operations:"). */
function printedRole(text: string): RolePhrase | null {
  const label = text.trim().replace(/\s*:$/, '');
  if (!/^\p{Lu}/u.test(label) || /[.!?]$/.test(label) || label.split(/\s+/).length > MAX_LABEL_WORDS)
    return null;
  return rolePhrase(roleWords(label));
}

/** The longest run of words ending `text` that is a role phrase ("… the Project Lead" → "Project Lead"). */
function roleEnding(text: string): { printed: string; role: RolePhrase } | null {
  const raw = text.trim().split(/\s+/);
  for (let n = Math.min(MAX_LABEL_WORDS, raw.length); n >= 1; n--) {
    const printed = raw.slice(-n).join(' ');
    const role = /^\p{L}/u.test(printed) ? rolePhrase(roleWords(printed)) : null;
    if (role) return { printed, role };
  }
  return null;
}

/** A line that opens with one person's name: the label above it names their role (a group's line lists several). */
function holderOpening(text: string): string | null {
  if ((text.match(new RegExp(String.raw`${PERSON},`, 'gu')) ?? []).length > 1) return null;
  return openingName(text, ROLE_NOUNS, true);
}

/** The role a line is, alone: no comma, no name of its own ("Ann Reyes, Chief Executive Officer" is an entry). */
function roleLabel(text: string): RolePhrase | null {
  return text.includes(',') || openingName(text, ROLE_NOUNS) ? null : printedRole(text);
}

/** The space between two lines, top to bottom: 0 in one element, unbounded across columns. */
function gap(upper: Line, lower: Line): number {
  if (upper.element === lower.element) return 0;
  const [a, b] = [upper.element.bbox, lower.element.bbox];
  const sameColumn = a[0] < b[2] && b[0] < a[2];
  return sameColumn ? b[1] - a[3] : Number.POSITIVE_INFINITY;
}

/**
 * Role labels beside a name on the line above or below, the nearer one when both hold a name: a signature block
 * prints its title under the name ("Rick Reyes" / "GOVERNOR"), a contributors list its label above ("Lead
 * Coordinator" / "Allison Reyes, Lakeside Agency"). A name is one label's.
 */
function labelledEntries(lines: Line[]): RoleEntry[] {
  const entries: RoleEntry[] = [];
  const taken = new Set<number>();
  lines.forEach((line, i) => {
    const role = roleLabel(line.text);
    if (!role || taken.has(i)) return;
    const printed = line.text.trim().replace(/\s*:$/, '');
    const [above, below] = [lines[i - 1], lines[i + 1]];
    const aboveName = above && !taken.has(i - 1) ? nameAlone(above.text, ROLE_NOUNS) : null;
    const belowName = below ? holderOpening(below.text) : null;
    if (aboveName && (!belowName || gap(above!, line) < gap(line, below!))) {
      entries.push({ name: aboveName, printedRole: printed, role, lines: [above!, line] });
      taken.add(i - 1).add(i);
    } else if (belowName) {
      entries.push({ name: belowName, printedRole: printed, role, lines: [line, below!] });
      taken.add(i).add(i + 1);
    }
  });
  return entries;
}

/** "Project Lead: Tom G. Baker", "Outreach Lead – Sara Lind" and "Ann Reyes, Chief Executive Officer" in a line. */
function inlineEntries(line: Line): RoleEntry[] {
  const entries: RoleEntry[] = [];
  for (const sep of line.text.matchAll(ROLE_THEN_NAME)) {
    const before = roleEnding(line.text.slice(0, sep.index));
    const name = before && openingName(line.text.slice(sep.index + sep[0].length), ROLE_NOUNS);
    if (before && name) entries.push({ name, printedRole: before.printed, role: before.role, lines: [line] });
  }
  for (const m of line.text.matchAll(NAME_THEN_ROLE)) {
    const [name, after] = [m[1]!.replace(/\s+/g, ' '), m[2]!.trim()];
    const role = printedRole(after);
    if (role && isPersonName(name, ROLE_NOUNS))
      entries.push({ name, printedRole: after, role, lines: [line] });
  }
  return entries;
}

/** The people a page prints beside a role. */
function roleEntries(page: EvidencePage): RoleEntry[] {
  const lines: Line[] = page.elements
    .filter((element) => !NOT_READ.has(element.kind))
    .flatMap((element) =>
      element.text
        .split(/\n+/)
        .filter((text) => text.trim())
        .map((text) => ({ element, text })),
    );
  return [...labelledEntries(lines), ...lines.flatMap(inlineEntries)];
}

/** A NAME: the person the first evidence page printing the asked role prints beside it, cited with both. */
export const roleHolderSource: CandidateSource = (evidence) => {
  if (evidence.kind !== 'NAME') return null;
  const asked = askedHolderRole(evidence.question);
  if (!asked) return null;
  for (const page of evidence.pages) {
    const fitting = roleEntries(page).flatMap((entry) => {
      const score = roleMatch(asked, entry.role);
      return score === null ? [] : [{ entry, score }];
    });
    if (fitting.length === 0) continue;
    const best = Math.max(...fitting.map((f) => f.score));
    const holders = fitting.filter((f) => f.score === best).map((f) => f.entry);
    // two people printed for the role the question asks: which one it means is not on the page
    if (new Set(holders.map((h) => h.name.toLowerCase())).size > 1) return null;
    const { name, printedRole: printed, lines } = holders[0]!;
    return {
      answer: typedAnswer('NAME', `${name} (${printed}) [p. ${page.pageNumber}]`, { value: name }),
      citations: lines.map((l) => citationAt(page, l.element, l.text.trim())),
      analysis:
        `The person printed as "${printed}" on p. ${page.pageNumber} (evidence step ${page.step}), ` +
        `the role the question asks for.`,
    };
  }
  return null;
};
