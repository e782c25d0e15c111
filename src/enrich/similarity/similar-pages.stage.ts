import { Injectable } from '@nestjs/common';
import { chunk } from '../../common/concurrency';
import * as stage from '../enrich-stage';
import {
  cosineFromIndexScore,
  keepTopK,
  localityOrder,
  symmetricMaxSim,
  type ScoredCandidate,
} from './maxsim';
import { SimilarityRepository, type SimilarEdgeRow } from './similarity.repository';

export interface SimilarSettings {
  /** Edges kept per page. */
  k: number;
  /**
   * Minimum symmetric MaxSim for an edge. TRACE uses 0.7 on its own similarity; for bge-small-en-v1.5 the default
   * 0.75 maximises Youden's J between pages that answer the same question and random pages of the same documents
   * (scripts/bench/enrich-calibrate-tau.ts: J 0.336 at 0.75 against 0.320 at 0.7; AUC 0.714).
   */
  tau: number;
  /** Coarse candidates per page taken from the vector index (K'), re-scored by MaxSim. */
  candidates: number;
  /** Pages handled per round trip (candidates, retrieval-unit vectors, edges). */
  batchSize: number;
}

export const DEFAULT_SIMILAR_SETTINGS: SimilarSettings = { k: 5, tau: 0.75, candidates: 20, batchSize: 200 };

/** The vector index is corpus-wide: a same-document query widens k up to this before giving up on a page. */
const MAX_INDEX_K = 1024;
/** Element vectors of this many pages are kept between batches (neighbouring pages share candidates). */
const VECTOR_CACHE_PAGES = 20_000;

export function similarSettingsFrom(params: Readonly<Record<string, number>>): SimilarSettings {
  const s = stage.withParams(DEFAULT_SIMILAR_SETTINGS, params);
  stage.requireInteger('k', s.k, 1);
  stage.requireWithin('tau', s.tau, -1, 1);
  s.candidates = Math.max(s.candidates, s.k);
  return s;
}

/**
 * TRACE's semantic page layer, coarse-to-fine so a document costs ~N log N, never N²: candidates from the page vector
 * index, then late interaction over the pages' unit vectors; edges ≥ τ, top-K per page. Re-running replaces them. */
@Injectable()
export class SimilarPagesStage implements stage.EnrichStage {
  readonly name = 'similar' as const;

  constructor(private readonly repo: SimilarityRepository) {}

  async estimate(docId: string, _mode: stage.EnrichMode): Promise<stage.EnrichStageEstimate> {
    const pages = await this.repo.embeddedPages(docId);
    return stage.noCallsEstimate(`${pages.length} pages, no LLM calls`);
  }

  async clear(docId: string): Promise<void> {
    await this.repo.clear(docId);
  }

  async run(docId: string, ctx: stage.EnrichStageContext): Promise<stage.EnrichStageResult> {
    const settings = similarSettingsFrom(ctx.params ?? {});
    await this.repo.clear(docId);
    const pages = await this.repo.embeddedPages(docId);
    const wanted = ctx.crossDocument ? settings.candidates : Math.min(settings.candidates, pages.length - 1);
    let widened = 0;
    const onWiden = () => widened++;

    // Coarse: index candidates for every page first, so the fine step can visit pages in an order that keeps the
    // retrieval-unit vectors it needs in the cache (localityOrder).
    const found = new Map<string, Array<{ id: string; score: number }>>();
    let done = 0;
    ctx.progress(0, pages.length, 'candidates');
    for (const batch of chunk(pages, settings.batchSize)) {
      ctx.signal?.throwIfAborted();
      const ids = batch.map((p) => p.id);
      const batchFound = await this.coarseCandidates(ids, settings, ctx.crossDocument, wanted, onWiden);
      for (const [id, list] of batchFound) found.set(id, list);
      done += batch.length;
      ctx.progress(done, pages.length, 'candidates');
    }

    // Fine: MaxSim over the pages' retrieval-unit (Passage) vectors, edges above τ, top-K per page.
    const vectors = new Map<string, Float32Array[]>();
    let edges = 0;
    let scoredPairs = 0;
    done = 0;
    ctx.progress(0, pages.length, 'MaxSim');
    const order = localityOrder(
      pages.map((p) => p.id),
      found,
    );
    for (const ids of chunk(order, settings.batchSize)) {
      ctx.signal?.throwIfAborted();
      const candidateIds = ids.flatMap((id) => (found.get(id) ?? []).map((c) => c.id));
      await this.loadVectors(vectors, [...ids, ...candidateIds]);
      const rows: SimilarEdgeRow[] = [];
      for (const id of ids) {
        const mine = vectors.get(id) ?? [];
        const scored: ScoredCandidate[] = (found.get(id) ?? []).map((c) => ({
          id: c.id,
          coarse: cosineFromIndexScore(c.score),
          score: symmetricMaxSim(mine, vectors.get(c.id) ?? []),
        }));
        scoredPairs += scored.length;
        for (const c of keepTopK(scored, settings.tau, settings.k))
          rows.push({ from: id, to: c.id, score: round(c.score), coarse: round(c.coarse) });
      }
      for (const part of chunk(rows, 2000)) await this.repo.writeEdges(part, settings.tau);
      edges += rows.length;
      done += ids.length;
      ctx.progress(done, pages.length, 'MaxSim');
    }
    return {
      counts: { pages: pages.length, edges, scoredPairs, widenedQueries: widened },
    };
  }

  /** Index candidates per page, asking for more when the same-document filter leaves a page short. */
  private async coarseCandidates(
    ids: string[],
    s: SimilarSettings,
    crossDocument: boolean,
    wanted: number,
    onWiden: () => void,
  ): Promise<Map<string, Array<{ id: string; score: number }>>> {
    // Same-document candidates share a corpus-wide index with every other document's pages: asking for twice K' at
    // once saves most widening round trips on a corpus; across documents K' + 1 (itself) is enough.
    let k = crossDocument ? s.candidates + 1 : 2 * s.candidates + 1;
    const found = await this.repo.candidates(ids, k, s.candidates, crossDocument);
    let short = ids.filter((id) => (found.get(id)?.length ?? 0) < wanted);
    while (short.length > 0 && k < MAX_INDEX_K) {
      k = Math.min(k * 4, MAX_INDEX_K);
      onWiden();
      const more = await this.repo.candidates(short, k, s.candidates, crossDocument);
      for (const [id, list] of more) found.set(id, list);
      short = short.filter((id) => (found.get(id)?.length ?? 0) < wanted);
    }
    return found;
  }

  private async loadVectors(cache: Map<string, Float32Array[]>, pageIds: string[]): Promise<void> {
    const wanted = [...new Set(pageIds)];
    for (const id of wanted) {
      const hit = cache.get(id);
      if (hit) {
        cache.delete(id); // re-insert as newest so eviction below never drops a page this batch uses
        cache.set(id, hit);
      }
    }
    const missing = wanted.filter((id) => !cache.has(id));
    for (const part of chunk(missing, 500)) {
      const loaded = await this.repo.unitVectors(part);
      for (const id of part) cache.set(id, loaded.get(id) ?? []);
    }
    // Drop the oldest entries (Map keeps insertion order): locality order makes recent pages the useful ones.
    for (const key of cache.keys()) {
      if (cache.size <= VECTOR_CACHE_PAGES) break;
      cache.delete(key);
    }
  }
}

function round(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}
