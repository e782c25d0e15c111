import type { DocumentKind } from '../../document/document-kind';
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
  'kind',
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
  /** The document's kind (route-documents reads it with the title). */
  kind?: DocumentKind | null;
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

/** Signals whose every hit (a passage) votes for its document; the others rank documents by their best hit. */
export const PASSAGE_SIGNALS: ReadonlySet<RoutingSignal> = new Set(['passage', 'passage-text']);

/**
 * Weight of each signal's reciprocal ranks. The passages nearest the question (by vector and by words) are evidence
 * of what a document says, so they decide; a title, section titles, section vectors and summaries speak for a whole
 * document but match a question's words by chance more often, so they only break near-ties.
 */
export const SIGNAL_WEIGHTS: Record<RoutingSignal, number> = {
  passage: 1,
  'passage-text': 1,
  title: 0.5,
  // The question names the kind of document it is about ("in the slides"): as strong as one top passage.
  kind: 1,
  outline: 0.25,
  section: 0.25,
  summary: 0.25,
  // Admitted by the scope's filter: a candidate, but no evidence of relevance.
  filter: 0,
};
/** Passages per passage signal that vote: a handful of documents' best pages, not every page that mentions a word. */
export const PASSAGE_VOTERS = 30;
/** Votes a document casts per passage signal: a long document must not outvote a short one by its length alone. */
export const VOTES_PER_DOCUMENT = 3;
/** RRF k over ranks: a hit at rank 1 and one at rank 5 should differ clearly. */
export const ROUTING_RRF_K = 5;
/** Documents the scoped strategy searches after routing. */
export const ROUTED_DOCUMENTS = 3;
/** How far (cosine) an unrouted document's best passage must beat every routed one's to let its page through. */
export const ESCAPE_MARGIN = 0.05;
/** Where an escaped page joins the routed pages (0-based): behind the routed search's best page. */
export const ESCAPE_RANK = 1;
/** Escaped pages at most. */
export const MAX_ESCAPES = 2;

/** "In the slides", "slide 12", "the deck", "this presentation": the question is about a slide deck. */
const NAMES_SLIDES =
  /\b(?:the|these|this|those|which|what|each|every|first|last|next|previous|in|on|many) slides?\b|\bslides? \d|\b(?:slide|pitch) ?decks?\b|\b(?:the|this) (?:deck|presentation)\b/i;

/** The kind of document a question names, or null when it names none. */
export function kindNamed(question: string): DocumentKind | null {
  return NAMES_SLIDES.test(question) ? 'SLIDES' : null;
}

/**
 * Each of the top PASSAGE_VOTERS passages of a passage signal gives its document w/(k + rank) (its first
 * VOTES_PER_DOCUMENT only), so a document with several of the best pages beats one with a single lucky page; a
 * document signal gives each document w/(k + rank of its best hit). A document of the kind the question names
 * (`namedKind`) gets the 'kind' signal at rank 1. A document scores the sum.
 */
export function fuseDocuments(hits: SignalHit[], namedKind: DocumentKind | null = null): RoutedDocument[] {
  const bySignal = new Map<RoutingSignal, SignalHit[]>();
  for (const hit of hits) bySignal.set(hit.signal, [...(bySignal.get(hit.signal) ?? []), hit]);
  const docs = new Map<string, RoutedDocument>();
  const docOf = (hit: SignalHit) => {
    const doc = docs.get(hit.docId) ?? {
      docId: hit.docId,
      title: hit.title,
      score: 0,
      signals: [],
      bestPage: null,
    };
    docs.set(hit.docId, doc);
    return doc;
  };
  for (const [signal, signalHits] of bySignal) {
    const ranked = [...signalHits].sort((a, b) => b.score - a.score || a.docId.localeCompare(b.docId));
    const voters = PASSAGE_SIGNALS.has(signal) ? ranked.slice(0, PASSAGE_VOTERS) : bestPerDocument(ranked);
    const votes = new Map<string, number>();
    voters.forEach((hit, i) => {
      const doc = docOf(hit);
      votes.set(hit.docId, (votes.get(hit.docId) ?? 0) + 1);
      if (votes.get(hit.docId)! <= VOTES_PER_DOCUMENT)
        doc.score += SIGNAL_WEIGHTS[signal] / (ROUTING_RRF_K + i + 1);
      if (doc.signals.some((s) => s.signal === signal)) return; // its best hit is already listed
      doc.signals.push({ signal, rank: i + 1, evidence: hit.evidence });
      if (signal === 'passage' && hit.pageNumber !== null)
        doc.bestPage = { pageNumber: hit.pageNumber, similarity: hit.score };
    });
  }
  const ofKind = namedKind
    ? new Set(hits.filter((h) => h.kind === namedKind).map((h) => h.docId))
    : new Set();
  for (const doc of docs.values()) {
    if (ofKind.has(doc.docId)) {
      doc.score += SIGNAL_WEIGHTS.kind / (ROUTING_RRF_K + 1);
      // first among the rank-1 signals (the sort is stable): the trace shows three, and the question's words chose it
      doc.signals.unshift({
        signal: 'kind',
        rank: 1,
        evidence: `the question names ${namedKind!.toLowerCase()}`,
      });
    }
    doc.signals.sort((a, b) => a.rank - b.rank);
  }
  return [...docs.values()].sort((a, b) => b.score - a.score || a.docId.localeCompare(b.docId));
}

/** The first (best) hit of each document, in rank order. */
function bestPerDocument(ranked: SignalHit[]): SignalHit[] {
  const seen = new Set<string>();
  return ranked.filter((h) => (seen.has(h.docId) ? false : (seen.add(h.docId), true)));
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
