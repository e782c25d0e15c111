// What a search looks for in a question. Questions often end with instructions on how to write the answer ("Please
// write the answer in float format.", "e.g., ["A","B"]", "Give me an integer."): they name no content of the
// document, yet their words and numbers pull the dense and full-text rankings towards pages that share them, and
// the offline answer would look for their words in the document. One definition for both (answerability.ts reads
// the question as searched).

/**
 * A sentence (after the first) that only says how to write the answer. Narrow on purpose: "Give a solution by using
 * the income statement." names where to look and stays.
 */
const FORMAT_DIRECTIVE = new RegExp(
  [
    String.raw`\b(?:int|integer|float|string|list|date|number) format\b`,
    String.raw`\bformat(?:ted)? (?:as|of|the|your|it)\b`,
    String.raw`\bdecimal(?: places?)?\b`,
    String.raw`\bnearest (?:hundred|thousand|million|integer|whole|percent)`,
    String.raw`\bin (?:thousands|millions|percentage)\b`,
    String.raw`^(?:please )?answer (?:in|with)\b`,
    String.raw`^(?:directly )?answer ['"‘“]`,
    String.raw`^(?:please )?(?:give|return) me an?\b`,
    String.raw`^(?:please )?round\b`,
    String.raw`^(?:your (?:answer|report)|(?:the )?answer should)\b`,
    String.raw`^enumerate\b.*\blist\b`,
    String.raw`^(?:for example|e\.g\.)`,
    String.raw`\b(?:alphabetical|ascending|descending|descend) order\b`,
    String.raw`\bshould be in english\b`,
    String.raw`\baccurate to the\b`,
  ].join('|'),
  'i',
);

/** An example of the answer's shape: ["9%","8%"], ['Page 2', 'Page 4']. */
const EXAMPLE_LIST = /\[[^\]]*\]/;
/** Words after an example that still belong to the question ("…, e.g., ["9%","8%"] in the 2013 survey?"). */
const MIN_TAIL_WORDS = 3;

/**
 * The question as searched: every sentence after the first that is an answer-format instruction is left out, except
 * the words after an example list, which go on with the question. The first sentence always stays.
 */
export function searchQueryOf(question: string): { query: string; dropped: string[] } {
  const sentences = question.trim().split(/(?<=[?.!])\s+(?=\S)/);
  const kept: string[] = [];
  const dropped: string[] = [];
  sentences.forEach((sentence, i) => {
    if (i === 0 || !FORMAT_DIRECTIVE.test(sentence.trim())) {
      kept.push(sentence);
      return;
    }
    const example = EXAMPLE_LIST.exec(sentence);
    const tail = example ? sentence.slice(example.index + example[0].length).trim() : '';
    if (tail.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length >= MIN_TAIL_WORDS) {
      kept.push(tail);
      dropped.push(sentence.slice(0, example!.index + example![0].length).trim());
    } else dropped.push(sentence.trim());
  });
  return { query: kept.join(' ').replace(/\s+/g, ' ').trim(), dropped };
}
