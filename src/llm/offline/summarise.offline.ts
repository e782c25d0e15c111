import type { SummariseInput, SummariseReply } from '../prompts/summarise.prompt';
import { contentTerms, splitSentences, surfaceForms, tfIdf } from './text-stats';

const DEFAULT_MAX_SENTENCES = 3;
const DEFAULT_KEYWORDS = 8;
/** Extractive summaries stay short even when sentences are long. */
const MAX_SUMMARY_CHARS = 600;

/** Extractive summary: the lead sentence plus the highest TF-IDF sentences, in reading order; TF-IDF keywords. */
export function offlineSummarise(input: SummariseInput): SummariseReply {
  const sentences = splitSentences(input.text);
  const weights = tfIdf(sentences);
  const maxSentences = Math.max(1, input.maxSentences ?? DEFAULT_MAX_SENTENCES);

  const scored = sentences.map((sentence, index) => {
    const terms = contentTerms(sentence);
    const weight = terms.reduce((sum, t) => sum + (weights.get(t) ?? 0), 0);
    return { index, sentence, score: terms.length === 0 ? 0 : weight / Math.sqrt(terms.length) };
  });
  const chosen = new Set<number>(sentences.length > 0 ? [0] : []);
  for (const s of [...scored].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (chosen.size >= maxSentences) break;
    chosen.add(s.index);
  }
  let summary = '';
  for (const index of [...chosen].sort((a, b) => a - b)) {
    const next = summary ? `${summary} ${sentences[index]}` : (sentences[index] ?? '');
    if (summary && next.length > MAX_SUMMARY_CHARS) break;
    summary = next;
  }
  if (summary.length > MAX_SUMMARY_CHARS) summary = `${summary.slice(0, MAX_SUMMARY_CHARS - 1).trimEnd()}…`;

  const forms = surfaceForms(input.text);
  const keywords = [...weights.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, input.maxKeywords ?? DEFAULT_KEYWORDS)
    .map(([term]) => forms.get(term) ?? term);
  return { summary: input.title && !summary ? input.title : summary, keywords };
}
