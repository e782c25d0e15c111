import type { EvidenceStep } from '../evidence-step';
import type { AnswerElement } from '../extractive-answer';
import { NAMED_PAGE } from '../named-pages';
import type { PageHit, SearchResult, Strategy } from '../retrieve.types';
import type { AnswerEvidence, AnswerKind, EvidencePage } from './typed-answer';

// What an answer may read: the strategy's evidence and nothing else. For a walk, the pages of its evidence chain in
// the order the walk reached them, never a page its judge found irrelevant; for a flat ranking, its top pages.

/** Pages an answer reads (the top of the strategy's evidence). */
export const EVIDENCE_PAGES_READ = 3;

/** Strategies whose evidence is exactly the pages their judge found RELEVANT (TRACE's chain of evidence). */
export const CHAIN_ONLY: ReadonlySet<Strategy> = new Set<Strategy>(['TRACE']);

/** A page the answer may read, before its elements are loaded. */
export type PickedPage = Omit<EvidencePage, 'elements'>;

export type EvidencePick =
  | {
      ok: true;
      pages: PickedPage[];
      excluded: PickedPage[];
      /** The pages the question names ("page 14", "the cover", "Figure 3"): the only ones read when any is here. */
      named: PickedPage[];
    }
  | { ok: false; reason: string };

/** The question names this page (named-pages.service.ts marks it), by number, position or caption. */
const isNamed = (hit: PageHit) => hit.reason.split('+').includes(NAMED_PAGE);

const keyOf = (p: { docId: string; pageNumber: number }) => `${p.docId}#${p.pageNumber}`;

/** Pages a judge found IRRELEVANT and no judge (another sub-query's) found RELEVANT. */
export function judgedIrrelevant(steps: readonly EvidenceStep[]): Set<string> {
  const relevant = new Set(steps.filter((s) => s.verdict === 'RELEVANT').map(keyOf));
  return new Set(steps.filter((s) => s.verdict === 'IRRELEVANT' && !relevant.has(keyOf(s))).map(keyOf));
}

/** The step that brought a page: its first RELEVANT step, else its first step; null when no step reached it. */
function stepOf(steps: readonly EvidenceStep[], key: string): number | null {
  const mine = steps.filter((s) => keyOf(s) === key);
  return (mine.find((s) => s.verdict === 'RELEVANT') ?? mine[0])?.step ?? null;
}

const label = (p: { docId: string; pageNumber: number }, oneDoc: boolean) =>
  oneDoc ? `p.${p.pageNumber}` : `${p.docId} p.${p.pageNumber}`;

/**
 * The pages the answer reads, in evidence order, or why there are none. A page the walk judged irrelevant is
 * excluded whatever its rank; TRACE reads its chain of evidence only, so a walk that judged every page it visited
 * irrelevant leaves nothing to answer from. Flat strategies (no steps) read their top pages, step = rank.
 */
export function pickEvidence(search: SearchResult, read = EVIDENCE_PAGES_READ): EvidencePick {
  const { steps, strategy } = search;
  const walked = steps.length > 0;
  const irrelevant = judgedIrrelevant(steps);
  const chainOnly = CHAIN_ONLY.has(strategy);
  const chain = new Set(steps.filter((s) => s.verdict === 'RELEVANT').map(keyOf));
  const oneDoc = new Set(search.pages.map((p) => p.docId)).size <= 1;
  const picked: PickedPage[] = [];
  const excluded: PickedPage[] = [];
  const named: PickedPage[] = [];
  search.pages.forEach((hit, rank) => {
    const key = keyOf(hit);
    const page: PickedPage = {
      docId: hit.docId,
      pageNumber: hit.pageNumber,
      step: walked ? stepOf(steps, key) : rank + 1,
      rank,
      score: hit.score,
    };
    if (irrelevant.has(key) || (chainOnly && !chain.has(key))) excluded.push(page);
    else {
      if (picked.length < read) picked.push(page);
      if (isNamed(hit) && named.length < read) named.push(page);
    }
  });
  if (picked.length === 0) {
    const judged = excluded.filter((p) => irrelevant.has(keyOf(p)));
    if (judged.length > 0) {
      return {
        ok: false,
        reason:
          `The ${strategy} walk judged every page it read irrelevant ` +
          `(${judged.map((p) => label(p, oneDoc)).join(', ')}), so nothing in its evidence answers the question.`,
      };
    }
    return {
      ok: false,
      reason: chainOnly
        ? `The ${strategy} walk found no relevant page, so nothing in its evidence answers the question.`
        : 'No page matched the question.',
    };
  }
  // "the date on page 14" is read on page 14: the pages the question points at are the only evidence it asks for
  const reading = named.length > 0 ? named : picked;
  // A walk's evidence is read in the order the walk reached it; pages no step reached follow, by rank.
  const ordered = walked
    ? [...reading].sort((a, b) => (a.step ?? Infinity) - (b.step ?? Infinity) || a.rank - b.rank)
    : reading;
  return { ok: true, pages: ordered, excluded, named };
}

/** The evidence a candidate source reads: the picked pages, each with its elements in reading order. */
export function evidenceOf(
  question: string,
  kind: AnswerKind,
  pages: PickedPage[],
  elements: AnswerElement[],
): AnswerEvidence {
  const byPage = new Map<string, AnswerElement[]>();
  for (const e of elements) byPage.set(keyOf(e), [...(byPage.get(keyOf(e)) ?? []), e]);
  return {
    question,
    kind,
    pages: pages.map((p) => ({ ...p, elements: byPage.get(keyOf(p)) ?? [] })),
  };
}

/** The evidence pages in the strategy's rank order (how the extractive answer weighs them). */
export function byRank(evidence: AnswerEvidence): EvidencePage[] {
  return [...evidence.pages].sort((a, b) => a.rank - b.rank);
}

/** The step of the evidence page an element sits on (what a citation of it names). */
export function stepOfPage(
  evidence: AnswerEvidence,
  page: { docId: string; pageNumber: number },
): number | null {
  return evidence.pages.find((p) => keyOf(p) === keyOf(page))?.step ?? null;
}
