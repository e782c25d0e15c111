import type { EvidenceStep, EvidenceVerdict } from '../evidence-step';
import type { AnswerElement } from '../extractive-answer';
import type { PageHit, SearchResult, Strategy } from '../retrieve.types';
import { evidenceStep, pageHit, searchResult } from '../testing/search-builders';
import { evidenceOf, judgedIrrelevant, pickEvidence } from './answer-evidence';

const hit = (pageNumber: number, score = 0.5, docId = 'd'): PageHit => pageHit(pageNumber, { score, docId });

let stepNo = 0;
const step = (pageNumber: number, verdict: EvidenceVerdict, docId = 'd'): EvidenceStep =>
  evidenceStep(++stepNo, pageNumber, verdict, {
    docId,
    score: verdict === 'RELEVANT' ? 0.9 : 0.1,
    judge: verdict === 'NOT_JUDGED' ? null : 'cross-encoder',
  });

const searchOf = (strategy: Strategy, pages: PageHit[], steps: EvidenceStep[] = []): SearchResult =>
  searchResult({ strategy, pages, steps });

beforeEach(() => {
  stepNo = 0;
});

describe('judgedIrrelevant', () => {
  it('holds pages judged IRRELEVANT that no other sub-query found RELEVANT', () => {
    const steps = [step(3, 'IRRELEVANT'), step(4, 'IRRELEVANT'), step(4, 'RELEVANT'), step(5, 'NOT_JUDGED')];
    expect([...judgedIrrelevant(steps)]).toEqual(['d#3']);
  });
});

describe('pickEvidence', () => {
  it("reads TRACE's chain of evidence in the order the walk reached it, never a page it judged irrelevant", () => {
    // The ranking puts the irrelevant page 36 first (a tempting match); the chain was p.61 → p.59.
    const steps = [step(61, 'RELEVANT'), step(36, 'IRRELEVANT'), step(59, 'RELEVANT')];
    const picked = pickEvidence(searchOf('TRACE', [hit(36, 0.9), hit(59, 0.8), hit(61, 0.7)], steps));
    expect(picked).toMatchObject({
      ok: true,
      pages: [
        { pageNumber: 61, step: 1, rank: 2 },
        { pageNumber: 59, step: 3, rank: 1 },
      ],
      excluded: [{ pageNumber: 36, step: 2 }],
    });
  });

  it("leaves out TRACE's unjudged seeds: its evidence is the chain", () => {
    const steps = [step(2, 'RELEVANT')];
    const picked = pickEvidence(searchOf('TRACE', [hit(2), hit(9)], steps));
    expect(picked.ok && picked.pages.map((p) => p.pageNumber)).toEqual([2]);
  });

  it('reads only the pages the question names, when the search put any first', () => {
    const named = (n: number, reason: string): PageHit => ({ ...hit(n), reason });
    const pages = [named(14, 'graph+named-page'), named(9, 'named-page'), hit(3), hit(11)];
    const picked = pickEvidence(searchOf('HYBRID', pages));
    expect(picked.ok && picked.pages.map((p) => p.pageNumber)).toEqual([14, 9]);
    expect(picked.ok && picked.named.map((p) => p.pageNumber)).toEqual([14, 9]);
    // a statement named by its title starts a metric's reading, it does not narrow it
    const statement = pickEvidence(searchOf('HYBRID', [named(40, 'named-statement'), hit(3), hit(11)]));
    expect(statement.ok && statement.pages.map((p) => p.pageNumber)).toEqual([40, 3, 11]);
    expect(statement.ok && statement.named).toEqual([]);
  });

  it('never reads a named page the walk judged irrelevant', () => {
    const steps = [step(14, 'IRRELEVANT'), step(3, 'RELEVANT')];
    const pages = [{ ...hit(14), reason: 'named-page' }, hit(3)];
    const picked = pickEvidence(searchOf('GRAPH', pages, steps));
    expect(picked.ok && picked.pages.map((p) => p.pageNumber)).toEqual([3]);
  });

  it('says Not answerable, naming the pages, when the walk judged every page irrelevant', () => {
    const steps = [step(3, 'IRRELEVANT'), step(7, 'IRRELEVANT')];
    const picked = pickEvidence(searchOf('TRACE', [hit(3), hit(7)], steps));
    expect(picked).toEqual({
      ok: false,
      reason: expect.stringMatching(/TRACE walk judged every page it read irrelevant \(p\.3, p\.7\)/),
    });
  });

  it('says Not answerable when the walk found no page at all', () => {
    expect(pickEvidence(searchOf('TRACE', []))).toEqual({
      ok: false,
      reason: expect.stringContaining('found no relevant page'),
    });
    expect(pickEvidence(searchOf('HYBRID', []))).toEqual({
      ok: false,
      reason: 'No page matched the question.',
    });
  });

  it('keeps the pages DMAP did not judge and drops the ones it judged irrelevant', () => {
    const steps = [step(1, 'NOT_JUDGED'), step(2, 'IRRELEVANT'), step(3, 'RELEVANT')];
    const picked = pickEvidence(searchOf('DMAP', [hit(2), hit(3), hit(1)], steps));
    expect(picked.ok && picked.pages.map((p) => [p.pageNumber, p.step])).toEqual([
      [1, 1],
      [3, 3],
    ]);
  });

  it('orders GRAPH pages by step; a page no step reached (one the question names) follows with step null', () => {
    const steps = [step(10, 'NOT_JUDGED'), step(11, 'NOT_JUDGED')];
    const picked = pickEvidence(searchOf('GRAPH', [hit(14), hit(11), hit(10), hit(12)], steps));
    expect(picked.ok && picked.pages.map((p) => [p.pageNumber, p.step])).toEqual([
      [10, 1],
      [11, 2],
      [14, null],
    ]);
  });

  it('reads the top pages of a flat ranking, their step being their rank', () => {
    const picked = pickEvidence(searchOf('HYBRID', [hit(5), hit(2), hit(8), hit(1)]));
    expect(picked.ok && picked.pages.map((p) => [p.pageNumber, p.step])).toEqual([
      [5, 1],
      [2, 2],
      [8, 3],
    ]);
  });
});

describe('evidenceOf', () => {
  it("gives each picked page its own elements, in the pages' evidence order", () => {
    const element = (pageNumber: number, text: string): AnswerElement => ({
      docId: 'd',
      pageNumber,
      elementId: `p${pageNumber}-${text}`,
      kind: 'paragraph',
      text,
      description: null,
      bbox: [0, 0, 1, 1],
    });
    const evidence = evidenceOf(
      'q',
      'TEXT',
      [
        { docId: 'd', pageNumber: 7, step: 1, rank: 1, score: 1 },
        { docId: 'd', pageNumber: 2, step: 2, rank: 0, score: 1 },
      ],
      [element(2, 'b'), element(7, 'a'), element(9, 'c')],
    );
    expect(evidence.pages.map((p) => p.elements.map((e) => e.text))).toEqual([['a'], ['b']]);
  });
});
