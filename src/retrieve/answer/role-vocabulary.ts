import { stem } from '../text-match';

// The roles a "who holds it" question asks for and a document prints beside a name, read the same way on both
// sides: "CEO" and "Chief Executive Officer" are one role, "leads" asks for a lead, "Deputy Director" is not the
// director.

/** One role: the nouns that name it (singular: a plural labels a group) and the verbs a question asks it with. */
interface RoleWords {
  nouns: string[];
  verbs: string[];
}

/** The role vocabulary, keyed by role. A role noun before another is a rank ("Lead Coordinator" leads too). */
const ROLES: Record<string, RoleWords> = {
  lead: { nouns: ['lead', 'leader'], verbs: ['lead', 'leads', 'led'] },
  head: { nouns: ['head'], verbs: ['heads', 'headed'] },
  chair: { nouns: ['chair', 'chairman', 'chairwoman', 'chairperson'], verbs: ['chairs', 'chaired'] },
  director: { nouns: ['director'], verbs: ['directs', 'directed'] },
  coordinator: { nouns: ['coordinator'], verbs: ['coordinates', 'coordinated'] },
  manager: { nouns: ['manager'], verbs: ['manages', 'managed'] },
  president: { nouns: ['president'], verbs: ['presides', 'presided'] },
  officer: { nouns: ['officer'], verbs: [] },
  founder: { nouns: ['founder'], verbs: ['founded'] },
  editor: { nouns: ['editor'], verbs: ['edits', 'edited'] },
  secretary: { nouns: ['secretary'], verbs: [] },
  treasurer: { nouns: ['treasurer'], verbs: [] },
  investigator: { nouns: ['investigator'], verbs: [] },
  supervisor: { nouns: ['supervisor'], verbs: ['supervises', 'supervised'] },
  adviser: { nouns: ['adviser', 'advisor'], verbs: ['advises', 'advised'] },
  dean: { nouns: ['dean'], verbs: [] },
  commissioner: { nouns: ['commissioner'], verbs: [] },
  spokesperson: { nouns: ['spokesperson', 'spokesman', 'spokeswoman'], verbs: [] },
  governor: { nouns: ['governor'], verbs: [] },
  mayor: { nouns: ['mayor'], verbs: [] },
  chancellor: { nouns: ['chancellor'], verbs: [] },
  organiser: { nouns: ['organiser', 'organizer'], verbs: ['organised', 'organized'] },
};

/** Acronyms printed or asked for a role, read as its words. */
const ACRONYMS: Record<string, string> = {
  CEO: 'chief executive officer',
  CFO: 'chief financial officer',
  COO: 'chief operating officer',
  CTO: 'chief technology officer',
  CIO: 'chief information officer',
  CMO: 'chief marketing officer',
  PI: 'principal investigator',
};

/** Modifiers that rank within a role without saying which one ("Chief Executive" is told by "executive"). */
const RANK = new Set(['chief', 'senior']);
/** Modifiers that make another person than the role's holder: the deputy director is not the director. */
const SUBORDINATE = new Set(['deputy', 'vice', 'assistant', 'associate', 'former', 'sub']);
/** Words that end a role phrase's modifiers (a role phrase is a noun phrase, not a clause). */
const PHRASE_STOP = new Set(
  (
    'the a an its their his her our this that these those is was are were be been who whom whose which what name ' +
    'by from to in on at with and or as did does do has have had will would current currently individual person'
  ).split(' '),
);

const POSSESSIVE = "'s";
PHRASE_STOP.add(POSSESSIVE);

const ROLE_OF_NOUN = new Map(
  Object.entries(ROLES).flatMap(([role, w]) => w.nouns.map((n) => [n, role] as const)),
);
const ROLE_OF_VERB = new Map(
  Object.entries(ROLES).flatMap(([role, w]) => w.verbs.map((v) => [v, role] as const)),
);

/** Whether a word (lower case) names a role. */
export const isRoleNoun = (word: string) => ROLE_OF_NOUN.has(word);

/** Role nouns that cannot be a person's name ("Dean" can). */
export const ROLE_NOUNS: ReadonlySet<string> = new Set([...ROLE_OF_NOUN.keys()].filter((n) => n !== 'dean'));

/** A role as printed beside a name ("Health Program Lead", "Director of Operations"), read into words. */
export interface RolePhrase {
  /** Every role its nouns name: "Lead Coordinator" is a coordinator and a lead. */
  roles: Set<string>;
  /** The role its last noun names. */
  head: string;
  /** Its words, normalised (for how well it matches a question's). */
  words: string[];
  /** Its words that say which role of that kind it is ("program", "executive"); no ranks, no role nouns. */
  qualifiers: string[];
  subordinate: boolean;
}

/** The role a question asks the holder of. */
export interface AskedRole {
  role: string;
  /** Its words beside the role noun, or after the verb ("leads the programme" → "program"), normalised. */
  words: string[];
  /** The noun form's qualifiers that must not contradict a printed role's. */
  qualifiers: string[];
  /** Subordinate words the question itself uses ("who is the deputy director"). */
  subordinate: string[];
}

/** A word as compared: lower case, British and American spellings met, stemmed. */
const normal = (word: string) => stem(word.toLowerCase().replace(/^programme/, 'program'));

/** The words of a text, acronyms spelled out and hyphenated words split ("Vice-Chair" → vice chair). */
export function roleWords(text: string): string[] {
  return (text.match(/[\p{L}][\p{L}'’&-]*/gu) ?? []).flatMap((w) => {
    const bare = w.replace(/['’]s$/, '');
    // a possessive ends a noun phrase: "the company's chief executive" is not a "company chief executive"
    const possessive = bare === w ? [] : [POSSESSIVE];
    const spelled = ACRONYMS[bare];
    if (spelled) return [...spelled.split(' '), ...possessive];
    return [...bare.toLowerCase().split('-').filter(Boolean), ...possessive];
  });
}

/** The role phrase `words` make when a role noun ends them, or ends them before "of/for …"; null if none. */
export function rolePhrase(words: string[]): RolePhrase | null {
  let headAt = words.length - 1;
  const ofAt = words.findIndex((w, i) => (w === 'of' || w === 'for') && ROLE_OF_NOUN.has(words[i - 1] ?? ''));
  if (ofAt > 0) headAt = ofAt - 1;
  const head = ROLE_OF_NOUN.get(words[headAt] ?? '');
  if (!head) return null;
  const tail = words.slice(headAt + 2).filter((w) => !PHRASE_STOP.has(w));
  const modifiers = words.slice(0, headAt);
  if (modifiers.some((w) => PHRASE_STOP.has(w))) return null;
  const roles = new Set([head, ...modifiers.flatMap((w) => ROLE_OF_NOUN.get(w) ?? [])]);
  const described = [...modifiers, ...tail];
  return {
    roles,
    head,
    words: [...described, words[headAt]!].map(normal),
    qualifiers: described
      .filter((w) => !RANK.has(w) && !ROLE_OF_NOUN.has(w) && !SUBORDINATE.has(w))
      .map(normal),
    subordinate: modifiers.some((w) => SUBORDINATE.has(w)),
  };
}

const MAX_MODIFIERS = 4;
const DETERMINERS = new Set(['the', 'a', 'an', 'its', 'their', 'his', 'her', 'our', 'this']);
/** Words before a role phrase that ask who holds it ("who is the", "the name of the", "served as"). */
const HELD_AFTER = new Set(
  "is was are were be been as of 's who whom currently now became becomes appointed named elected individual person".split(
    ' ',
  ),
);

/** The role phrase at `start` is what the person is, not someone they relate to ("who reports to the CEO?"). */
function askedAsHeld(words: string[], start: number): boolean {
  let before = start - 1;
  while (before >= 0 && DETERMINERS.has(words[before]!)) before -= 1;
  return before < 0 || HELD_AFTER.has(words[before]!);
}

/** The role a question asks the holder of: a role noun with its modifiers and "of …", or a verb and its object. */
export function askedRole(question: string): AskedRole | null {
  const words = roleWords(question);
  const nounAt = words.findIndex(
    (w, i) => ROLE_OF_NOUN.has(w) && !/^(?:who|whom|individual|person|that)$/.test(words[i - 1] ?? ''),
  );
  if (nounAt >= 0) {
    let headAt = nounAt;
    while (ROLE_OF_NOUN.has(words[headAt + 1] ?? '')) headAt += 1;
    let start = nounAt;
    while (start > 0 && nounAt - start < MAX_MODIFIERS && !PHRASE_STOP.has(words[start - 1]!)) start -= 1;
    const of = words[headAt + 1] === 'of' || words[headAt + 1] === 'for';
    const tailEnd = words.findIndex((w, i) => i > headAt + 1 && PHRASE_STOP.has(w) && w !== 'the');
    const tail = of ? words.slice(headAt + 2, tailEnd < 0 ? undefined : tailEnd).slice(0, MAX_MODIFIERS) : [];
    const phrase = rolePhrase([...words.slice(start, headAt + 1), ...(of ? ['of', ...tail] : [])]);
    if (!phrase || !askedAsHeld(words, start)) return null;
    return {
      role: phrase.head,
      words: phrase.words,
      qualifiers: phrase.qualifiers,
      subordinate: words.slice(start, headAt).filter((w) => SUBORDINATE.has(w)),
    };
  }
  const verbAt = words.findIndex((w) => ROLE_OF_VERB.has(w));
  if (verbAt < 0) return null;
  const object = words
    .slice(verbAt + 1)
    .filter((w) => !PHRASE_STOP.has(w))
    .slice(0, MAX_MODIFIERS);
  return {
    role: ROLE_OF_VERB.get(words[verbAt]!)!,
    words: object.map(normal),
    qualifiers: [],
    subordinate: [],
  };
}

/**
 * How well a printed role answers the asked one: null when it is another role (another noun, a qualifier that
 * contradicts the question's, a deputy); else 2 for the same head noun (1 for a rank) plus the words they share.
 */
export function roleMatch(asked: AskedRole, printed: RolePhrase): number | null {
  if (!printed.roles.has(asked.role)) return null;
  if (printed.subordinate !== asked.subordinate.length > 0) return null;
  const contradicts =
    asked.qualifiers.length > 0 &&
    printed.qualifiers.length > 0 &&
    !asked.qualifiers.some((q) => printed.qualifiers.includes(q));
  if (contradicts) return null;
  const shared = new Set(asked.words.filter((w) => printed.words.includes(w))).size;
  return (printed.head === asked.role ? 2 : 1) + shared;
}
