// A sentence that says the opposite of what the question asks ("short range" for "long-distance", "decreased" for
// "increased") matches its words but answers another question. Pairs of opposites, read as whole words.

const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ['long', 'short'],
  ['longer', 'shorter'],
  ['longest', 'shortest'],
  ['high', 'low'],
  ['higher', 'lower'],
  ['highest', 'lowest'],
  ['large', 'small'],
  ['larger', 'smaller'],
  ['largest', 'smallest'],
  ['increase', 'decrease'],
  ['increased', 'decreased'],
  ['increases', 'decreases'],
  ['rise', 'fall'],
  ['gain', 'loss'],
  ['profit', 'loss'],
  ['before', 'after'],
  ['maximum', 'minimum'],
  ['positive', 'negative'],
  ['most', 'least'],
  ['more', 'less'],
  ['male', 'female'],
  ['men', 'women'],
  ['import', 'export'],
  ['imports', 'exports'],
  ['inbound', 'outbound'],
  ['internal', 'external'],
  ['input', 'output'],
  ['domestic', 'international'],
  ['upper', 'lower'],
  ['left', 'right'],
  ['top', 'bottom'],
  ['earliest', 'latest'],
  ['success', 'failure'],
  ['strong', 'weak'],
  ['support', 'oppose'],
  ['approve', 'disapprove'],
  ['agree', 'disagree'],
  ['online', 'offline'],
  ['public', 'private'],
  ['buy', 'sell'],
];

const OPPOSITE = new Map<string, string[]>();
for (const [a, b] of OPPOSITES) {
  OPPOSITE.set(a, [...(OPPOSITE.get(a) ?? []), b]);
  OPPOSITE.set(b, [...(OPPOSITE.get(b) ?? []), a]);
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/\p{L}+/gu) ?? []);

/** The question's words whose opposite the text prints while it never prints the word itself. */
export function contradicted(question: string, text: string): string[] {
  const asked = wordsOf(question);
  const said = wordsOf(text);
  return [...asked].filter(
    (w) => !said.has(w) && (OPPOSITE.get(w) ?? []).some((o) => said.has(o) && !asked.has(o)),
  );
}
