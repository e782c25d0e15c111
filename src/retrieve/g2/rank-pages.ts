import type { PageHit } from '../retrieve.types';
import type { WalkStep } from '../walk-step';
import type { SeedElement } from './g2.repository';
import type { ReadNode } from './subgraph-readout';

/** Elements a page cites. */
const ELEMENTS_PER_PAGE = 3;

/** A node a readout read, with the sub-question and refinement round that read it. */
export interface Read extends ReadNode {
  subQuery: string;
  round: number;
}

export const pageKey = (p: { docId: string; pageNumber: number }) => `${p.docId}\u0000${p.pageNumber}`;

/** One step per page a readout touched: its best node, how it was reached. */
export function pageSteps(nodes: ReadNode[], subQuery: string, decay: number): WalkStep[] {
  const best = new Map<string, ReadNode>();
  for (const n of nodes) {
    const current = best.get(pageKey(n));
    if (!current || n.score > current.score) best.set(pageKey(n), n);
  }
  return [...best.values()].map((n) => ({
    subQuery,
    docId: n.docId,
    pageNumber: n.pageNumber,
    via: n.relation ? `${n.via} (${n.relation})` : n.via,
    fromPage: n.fromPage,
    hop: n.hop,
    score: n.score * decay,
    verdict: null,
    reason: `${n.kind} "${n.text.replace(/\s+/g, ' ').trim().slice(0, 60)}"`,
  }));
}

/**
 * Pages by their best read node (its elements as evidence), then the pages of seeds the budget did not reach. The
 * pages titled as a financial statement the question asks for (`statementPages`) come first, read or not: their
 * tables tie with the best seeds, and a sub-question that does not name the statement would otherwise outrank them.
 */
export function rankPages(
  read: Read[],
  leftovers: Array<SeedElement & { subQuery: string }>,
  k: number,
  statementPages: ReadonlyArray<{ docId: string; pageNumber: number }> = [],
): PageHit[] {
  const named = new Set(statementPages.map(pageKey));
  const pages = new Map<string, PageHit>();
  for (const n of [...read].sort((a, b) => b.score - a.score)) {
    const key = pageKey(n);
    const evidence = { elementId: n.elementId, kind: n.kind, text: n.text, bbox: n.bbox, score: n.score };
    const page = pages.get(key);
    if (page) {
      if (page.elements.length < ELEMENTS_PER_PAGE) page.elements.push(evidence);
      continue;
    }
    pages.set(key, {
      docId: n.docId,
      pageNumber: n.pageNumber,
      score: n.score,
      reason: `g2:${n.via}`,
      hop: n.hop,
      fromPage: n.fromPage,
      elements: [evidence],
    });
  }
  const unread = [...leftovers].sort((a, b) => b.score - a.score);
  const addUnread = (s: SeedElement): PageHit => {
    const page: PageHit = {
      docId: s.docId,
      pageNumber: s.pageNumber,
      score: 0,
      reason: 'g2:seed-unread',
      hop: 0,
      fromPage: null,
      elements: [{ elementId: s.elementId, kind: s.kind, text: s.text, bbox: s.bbox, score: s.score }],
    };
    pages.set(pageKey(s), page);
    return page;
  };
  for (const s of unread) if (named.has(pageKey(s)) && !pages.has(pageKey(s))) addUnread(s);
  const first = (p: PageHit) => (named.has(pageKey(p)) ? 1 : 0);
  const ranked = [...pages.values()].sort((a, b) => first(b) - first(a) || b.score - a.score);
  for (const s of unread) {
    if (ranked.length >= k) break;
    if (pages.has(pageKey(s))) continue;
    ranked.push(addUnread(s));
  }
  return ranked.slice(0, k);
}
