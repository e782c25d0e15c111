import { captionLabel, captionPrefix } from '../../document/caption-grammar';
import { captionLabelsOf } from '../named-pages';
import { citationAt, type CandidateSource, typedAnswer } from './typed-answer';

// "What is the title of Figure 2?", "What is the caption of the chart on page 9?": the caption the figure or table
// is printed with, without its label. A numbered figure is found by its label; "the chart on page 9" by the
// caption of the page the question names (the evidence is then that page alone, answer-evidence.ts).

const ASKS_TITLE = /\b(?:title|caption|called|named)\b/i;
const ON_A_PAGE =
  /\b(?:figure|fig|diagram|chart|graph|table|plot|map|picture|image)\b[^?]*\b(?:on|in|at) (?:the )?(?:page|slide)\b/i;

/** The caption's words after its label ("Figure 2: Tide levels" → "Tide levels"); the whole text when unlabelled. */
export function captionTitle(text: string): string {
  const trimmed = text.trim();
  return trimmed
    .slice(captionPrefix(trimmed)?.length ?? 0)
    .replace(/^[\s:.\-–—|]+/, '')
    .trim();
}

export const captionTitleSource: CandidateSource = (evidence) => {
  if (evidence.kind === 'LIST' || evidence.kind === 'YES_NO' || !ASKS_TITLE.test(evidence.question))
    return null;
  const labels = captionLabelsOf(evidence.question).map((l) => l.name.toLowerCase());
  if (labels.length > 1 || (labels.length === 0 && !ON_A_PAGE.test(evidence.question))) return null;
  const captions = evidence.pages.flatMap((page) =>
    page.elements.filter((e) => e.kind === 'caption').map((element) => ({ page, element })),
  );
  const found =
    labels.length === 1
      ? captions.find(({ element }) => captionLabel(element.text)?.label === labels[0])
      : // "the chart on page 9": the named page's caption, when it has exactly one
        captions.filter(({ page }) => page === evidence.pages[0]).length === 1
        ? captions.find(({ page }) => page === evidence.pages[0])
        : undefined;
  if (!found) return null;
  const title = captionTitle(found.element.text);
  if (title === '') return null;
  const { page, element } = found;
  return {
    answer: typedAnswer('TEXT', `${title} [p. ${page.pageNumber}]`, { value: title }),
    citations: [citationAt(page, element, element.text)],
    analysis: `The caption printed on p. ${page.pageNumber} (evidence step ${page.step}), without its label.`,
  };
};
