import type { RetrievalCost } from '../retrieve/evidence-step';
import type { AskResult, SearchResult } from '../retrieve/retrieve.types';
import { type AnswerJudges, judgeAnswer } from './answer-judging';
import type { BenchProgress } from './bench-ports';
import type { QuestionRow } from './bench-report.types';
import type { BenchQuestion } from './bench-questions';
import { layoutRecall, type RankedElement } from './layout-metrics';
import { hopsFromPages, type PageRef, scoreQuestion } from './metrics';

export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** What one search returned: ranked pages, and the ranked elements when the system cites elements. */
export interface Ranking {
  pages: PageRef[];
  elements: RankedElement[] | null;
  cost: RetrievalCost | null;
}

/** Pages best first; elements in page order, each page's elements in the order the strategy gave them. */
export function rankingOf(result: SearchResult): Ranking {
  return {
    pages: result.pages.map((p) => ({ docId: p.docId, pageNumber: p.pageNumber })),
    elements: result.pages.flatMap((p) =>
      p.elements.map((e) => ({ docId: p.docId, pageNumber: p.pageNumber, bbox: e.bbox })),
    ),
    cost: result.cost ?? null,
  };
}

/** Runs one variant's questions (searched, asked when `ask` is given) and scores each; a failure is a miss. */

export async function runQuestions(
  name: string,
  questions: BenchQuestion[],
  docIdOf: Map<string, string | null>,
  search: (q: BenchQuestion, docId: string) => Promise<Ranking>,
  ask: ((q: BenchQuestion, docId: string) => Promise<AskResult>) | null,
  judges: AnswerJudges,
  progress: BenchProgress,
): Promise<QuestionRow[]> {
  // Without answers to score, unanswerable questions have nothing to measure.
  const todo = ask ? questions : questions.filter((q) => q.answerable);
  const rows: QuestionRow[] = [];
  progress(name, 0, todo.length, 'questions');
  for (const q of todo) {
    const docId = docIdOf.get(q.pdfName) ?? null;
    const row: QuestionRow = {
      run: name,
      qid: q.qid,
      dataset: q.dataset,
      pdfName: q.pdfName,
      docId,
      answerable: q.answerable,
      evidencePages: q.evidencePages,
      evidenceSources: q.evidenceSources,
      imageOnly: q.imageOnly,
      answerFormat: q.answerFormat,
      ranked: [],
      metrics: null,
      layout: null,
      latencyMs: null,
      error: null,
      ask: null,
    };
    if (docId === null) row.error = 'document not ingested';
    else {
      if (q.answerable) {
        const t0 = performance.now();
        try {
          const ranking = await search(q, docId);
          row.latencyMs = performance.now() - t0;
          row.cost = ranking.cost;
          row.ranked = ranking.pages.map((r) =>
            r.docId === docId ? r.pageNumber : `${r.docId}#${r.pageNumber}`,
          );
          row.metrics = scoreQuestion(ranking.pages, { docId, hops: hopsFromPages(q.evidencePages) });
          if (ranking.elements !== null && q.evidenceBoxes.length > 0)
            row.layout = layoutRecall(ranking.elements, docId, q.evidenceBoxes);
        } catch (err) {
          row.error = errorMessage(err);
        }
      }
      if (ask) {
        const t0 = performance.now();
        try {
          const result = await ask(q, docId);
          row.ask = await judgeAnswer(q, docId, result, performance.now() - t0, judges);
        } catch (err) {
          row.error = row.error ?? `ask: ${errorMessage(err)}`;
        }
      }
    }
    // A question that failed is a miss, not a hole in the average.
    if (q.answerable && row.metrics === null) {
      row.metrics = scoreQuestion([], { docId: docId ?? '', hops: hopsFromPages(q.evidencePages) });
      if (q.evidenceBoxes.length > 0) row.layout = layoutRecall([], docId ?? '', q.evidenceBoxes);
    }
    rows.push(row);
    progress(name, rows.length, todo.length, 'questions');
  }
  return rows;
}
