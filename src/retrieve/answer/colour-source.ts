import { sentences } from '../text-match';
import { share, subjectWords } from './list-items';
import { type AnswerCandidate, citationAt, type CandidateSource, typedAnswer } from './typed-answer';

// "What colour is the warning light?": the answer is a colour word, printed in a sentence about what the question
// names. Colours shown only in pictures are not in the text Folio reads offline, so without such a sentence the
// question is Not answerable rather than answered with a sentence that names no colour.

const ASKS_COLOUR = /\b(?:what|which) colou?rs?\b|\bthe colou?rs? of\b|\bcolou?red what\b/i;
const COLOUR =
  /\b(?:(?:light|dark|bright|pale)[\s-])?(?:red|orange|yellow|green|blue|purple|violet|pink|brown|black|white|gr[ae]y|gold(?:en)?|silver|beige|navy|teal|cyan|magenta|maroon|turquoise)\b/gi;
/** Question words that frame the colour, not what it belongs to. */
const FRAMING = new Set(['colour', 'color', 'colours', 'colors']);

/** Whether the question asks for a colour. */
export const asksForColour = (question: string) => ASKS_COLOUR.test(question);

/** Why a colour question without a sentence that names the colour is Not answerable. */
export const NO_COLOUR_STATED =
  'The question asks for a colour, and no sentence of the evidence about what it names states one (colours ' +
  'shown only in pictures are not read offline).';

export const colourSource: CandidateSource = (evidence) => {
  if (evidence.kind === 'YES_NO' || !asksForColour(evidence.question)) return null;
  const subject = subjectWords(evidence.question).filter((w) => !FRAMING.has(w));
  let best: {
    colours: string[];
    sentence: string;
    score: number;
    at: AnswerCandidate['citations'][0];
  } | null = null;
  for (const page of evidence.pages) {
    for (const element of page.elements) {
      if (element.kind === 'page-header' || element.kind === 'page-footer') continue;
      for (const sentence of sentences(element.text)) {
        const colours = [...new Set((sentence.match(COLOUR) ?? []).map((c) => c.toLowerCase()))];
        const score = share(subject, sentence);
        // a colour in a sentence about something else answers another question
        if (colours.length === 0 || score < 0.5 || (best && score <= best.score)) continue;
        best = { colours, sentence, score, at: citationAt(page, element, sentence) };
      }
    }
  }
  if (!best) return null;
  const value = best.colours.join(' and ');
  return {
    answer: typedAnswer('NAME', `${value} — ${best.sentence} [p. ${best.at.pageNumber}]`, { value }),
    citations: [best.at],
    analysis: `The colour named on p. ${best.at.pageNumber} (evidence step ${best.at.step}) in a sentence about what the question names.`,
  };
};
