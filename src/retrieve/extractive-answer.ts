import { Injectable } from '@nestjs/common';
import type { AskResult, Citation, SearchResult } from './retrieve.types';
import { contentWords, coverage, sentences } from './text-match';

/**
 * Below this cross-encoder relevance (0–1) of the best page, the offline answer is "Not answerable".
 * Measured on the first 60 dev-benchmark questions (HYBRID+RERANK): thresholds from 0.005 to 0.02 flag 4 of 11
 * unanswerable and 7–8 of 49 answerable questions; 0.05 flags 6 and 11. Relevance alone separates them poorly
 * (unanswerable questions are on the document's topic), so the threshold stays low; an LLM does better.
 */
export const ANSWERABLE_MIN_RELEVANCE = 0.02;
const MAX_SENTENCES = 3;
const MAX_ANSWER_CHARS = 700;
const PAGES_READ = 3;

type ExtractiveAnswer = Pick<
  AskResult,
  'answer' | 'answerable' | 'mode' | 'format' | 'analysis' | 'citations'
>;

/** The answer without an LLM: the evidence sentences that best cover the question, each cited to its page. */
@Injectable()
export class ExtractiveAnswerer {
  answer(question: string, search: SearchResult): ExtractiveAnswer {
    const words = contentWords(question);
    const best = search.pages[0];
    const notAnswerable = (why: string): ExtractiveAnswer => ({
      answer: 'Not answerable',
      answerable: false,
      mode: 'extractive',
      format: 'None',
      analysis: why,
      citations: [],
    });
    if (!best) return notAnswerable('No page matched the question.');
    if (search.reranked && best.score < ANSWERABLE_MIN_RELEVANCE) {
      return notAnswerable(
        `The most relevant page scores ${best.score.toFixed(3)}, below the ${ANSWERABLE_MIN_RELEVANCE} needed to answer.`,
      );
    }

    const scored: Array<Citation & { rank: number }> = [];
    for (const page of search.pages.slice(0, PAGES_READ)) {
      for (const element of page.elements) {
        for (const sentence of sentences(element.text)) {
          const rank = coverage(words, sentence) * (0.5 + 0.5 * Math.min(page.score, 1));
          if (rank > 0) {
            scored.push({
              docId: page.docId,
              pageNumber: page.pageNumber,
              elementId: element.elementId,
              bbox: element.bbox,
              quote: sentence,
              score: page.score,
              rank,
            });
          }
        }
      }
    }
    scored.sort((a, b) => b.rank - a.rank);
    const chosen: Citation[] = [];
    let length = 0;
    for (const s of scored) {
      if (chosen.length >= MAX_SENTENCES || length + s.quote.length > MAX_ANSWER_CHARS) break;
      if (chosen.some((c) => c.quote === s.quote)) continue;
      const { rank: _rank, ...citation } = s;
      chosen.push(citation);
      length += s.quote.length;
    }
    if (chosen.length === 0) {
      // Nothing shares a word with the question: cite the best page's strongest element instead of guessing.
      const top = best.elements[0];
      if (!top) return notAnswerable('The matching pages hold no text.');
      chosen.push({
        docId: best.docId,
        pageNumber: best.pageNumber,
        elementId: top.elementId,
        bbox: top.bbox,
        quote: top.text.slice(0, MAX_ANSWER_CHARS),
        score: best.score,
      });
    }
    return {
      answer: chosen.map((c) => `${c.quote} [p. ${c.pageNumber}]`).join(' '),
      answerable: true,
      mode: 'extractive',
      format: 'String',
      analysis: `Extractive answer: the ${chosen.length} sentence(s) from the top pages that best cover the question.`,
      citations: chosen,
    };
  }
}
