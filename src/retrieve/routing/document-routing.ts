import type { PageHit } from '../retrieve.types';

// Document routing as pure rules: the signals' document rankings fused into one, and the merge that lets a clearly
// better page of an unrouted document into the routed search's pages.

export const ROUTING_SIGNALS = [
  'title',
  'outline',
  'section',
  'summary',
  'passage',
  'passage-text',
  'filter',
] as const;
export type RoutingSignal = (typeof ROUTING_SIGNALS)[number];

/** One document's best hit in one signal's index (route-documents.cypher). */
export interface SignalHit {
  docId: string;
  title: string;
  signal: RoutingSignal;
  score: number;
  pageNumber: number | null;
  evidence: string | null;
}

/** A document ranked by the fused signals, with the signals that found it (best rank first). */
export interface RoutedDocument {
  docId: string;
  title: string;
  score: number;
  signals: Array<{ signal: RoutingSignal; rank: number; evidence: string | null }>;
  /** The page of the document's best passage by vector (the merge's first-stage page), when one was found. */
  bestPage: { pageNumber: number; similarity: number } | null;
}

/**
 * Weight of each signal's reciprocal rank. Titles, summaries and passages speak for the whole document; section
 * titles match a question's words by chance more often (every report has "Results"), so they count half.
 */
export const SIGNAL_WEIGHTS: Record<RoutingSignal, number> = {
  title: 1,
  outline: 0.5,
  section: 0.5,
  summary: 1,
  passage: 1,
  'passage-text': 1,
  // Admitted by the scope's filter: a candidate, but no evidence of relevance.
  filter: 0,
};
/** RRF k over document rankings: a document's rank 1 and rank 5 in one signal should differ clearly. */
export const ROUTING_RRF_K = 5;
/** Documents the scoped strategy searches after routing. */
export const ROUTED_DOCUMENTS = 3;
/** How far (cosine) an unrouted document's best passage must beat every routed one's to let its page through. */
export const ESCAPE_MARGIN = 0.05;
/** Where an escaped page joins the routed pages (0-based): behind the routed search's best page. */
export const ESCAPE_RANK = 1;
/** Escaped pages at most. */
export const MAX_ESCAPES = 2;

/** Each signal ranks documents by their best hit; a document scores the weighted reciprocal ranks it earned. */
export function fuseDocuments(hits: SignalHit[]): RoutedDocument[] {
  const bySignal = new Map<RoutingSignal, SignalHit[]>();
  for (const hit of hits) bySignal.set(hit.signal, [...(bySignal.get(hit.signal) ?? []), hit]);
  const docs = new Map<string, RoutedDocument>();
  for (const [signal, signalHits] of bySignal) {
    const ranked = [...signalHits].sort((a, b) => b.score - a.score || a.docId.localeCompare(b.docId));
    ranked.forEach((hit, i) => {
      const doc = docs.get(hit.docId) ?? {
        docId: hit.docId,
        title: hit.title,
        score: 0,
        signals: [],
        bestPage: null,
      };
      doc.score += SIGNAL_WEIGHTS[signal] / (ROUTING_RRF_K + i + 1);
      doc.signals.push({ signal, rank: i + 1, evidence: hit.evidence });
      if (signal === 'passage' && hit.pageNumber !== null)
        doc.bestPage = { pageNumber: hit.pageNumber, similarity: hit.score };
      docs.set(hit.docId, doc);
    });
  }
  for (const doc of docs.values()) doc.signals.sort((a, b) => a.rank - b.rank);
  return [...docs.values()].sort((a, b) => b.score - a.score || a.docId.localeCompare(b.docId));
}

/**
 * The best pages of unrouted documents that beat every routed document's best passage by ESCAPE_MARGIN (cosine
 * of the same index, so comparable across documents), best first, at most MAX_ESCAPES.
 */
export function escapingPages(
  considered: RoutedDocument[],
  chosen: ReadonlySet<string>,
): Array<{ docId: string; pageNumber: number; similarity: number }> {
  const routedBest = Math.max(
    0,
    ...considered.filter((d) => chosen.has(d.docId)).map((d) => d.bestPage?.similarity ?? 0),
  );
  return considered
    .filter((d) => !chosen.has(d.docId) && d.bestPage && d.bestPage.similarity >= routedBest + ESCAPE_MARGIN)
    .map((d) => ({ docId: d.docId, ...d.bestPage! }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, MAX_ESCAPES);
}

/** The routed pages with the escaped ones placed from ESCAPE_RANK on, a page never listed twice. */
export function mergeEscapes(routed: PageHit[], escaped: PageHit[]): PageHit[] {
  const key = (p: PageHit) => `${p.docId}#${p.pageNumber}`;
  const fresh = escaped.filter((e) => !routed.some((r) => key(r) === key(e)));
  return [...routed.slice(0, ESCAPE_RANK), ...fresh, ...routed.slice(ESCAPE_RANK)];
}

/** One trace line per considered document: chosen or not, its fused score and the signals behind it. */
export function routingTrace(considered: RoutedDocument[], chosen: ReadonlySet<string>, shown = 8): string[] {
  return considered.slice(0, shown).map((d, i) => {
    const why = d.signals
      .slice(0, 3)
      .map((s) => `${s.signal} #${s.rank}${s.evidence ? ` (${JSON.stringify(clipped(s.evidence))})` : ''}`)
      .join(', ');
    return (
      `routing: ${chosen.has(d.docId) ? 'chose' : 'passed over'} document ${d.docId} "${clipped(d.title)}" ` +
      `(#${i + 1}, score ${d.score.toFixed(3)}) from ${why}`
    );
  });
}

const clipped = (s: string) => (s.length <= 60 ? s : `${s.slice(0, 59)}…`);
