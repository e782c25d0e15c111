import { Injectable } from '@nestjs/common';
import { CrossEncoderReranker } from '../../embed/cross-encoder';
import { LlmService } from '../../llm/llm.service';
import { fusionQuery } from '../fusion-query';
import { type PageJudgeText, type PageRef, RetrieveRepository, RRF_K } from '../retrieve.repository';
import type { PageHit } from '../retrieve.types';
import { type WalkInput, WalkLog, type WalkResult } from '../walk-log';
import { enrichmentMissing, type WalkStep } from '../walk-step';
import { type FusedPage, fuseByUnion, mergeExpansion, type PathPage } from './dmap-fusion';
import { DmapRepository, type ExpandedElement } from './dmap.repository';

/** Pages each path contributes to the union, and candidates each path's query ranks. */
const PATH_PAGES = 10;
const PATH_CANDIDATES = 40;
/** Pages of a long section the structure path keeps (those nearest the question). */
const SECTION_PAGES = 3;
/** Pages the answer reads; their support decides whether to reflect. */
export const DMAP_ANSWER_PAGES = 3;
/** At most this many expansion rounds (DMAP: expand to neighbouring and parent elements, answer again). */
export const DMAP_MAX_ROUNDS = 2;
/** Pages an expansion adds to be judged, nearest the question first; elements of a parent section it reads. */
const EXPAND_PAGES = 6;
const PER_SECTION = 3;
/** Passages per page the cross-encoder reads (as TRACE's judge). */
const BEST_PASSAGES = 2;
const PAGE_TEXT_CHARS = 1500;
const ELEMENTS_PER_PAGE = 3;
/**
 * Offline, the answer addresses the question when the cross-encoder scores its best page at least this (0–1);
 * calibrated like TRACE's judge (docs/measurements.md, "Moved from code comments"). */
export const DMAP_SUPPORT_THRESHOLD = 0.06;

export type DmapInput = WalkInput;

export type DmapPage = PageHit;

export interface DmapResult extends WalkResult {
  /** Support of the answer pages before any expansion, and after each round. */
  support: number[];
}

interface Judged {
  docId: string;
  pageNumber: number;
  support: number;
  text: PageJudgeText | undefined;
  via: string;
  fromPage: number | null;
  hop: number;
  elements: PageHit['elements'];
}

const key = (p: { docId: string; pageNumber: number }) => `${p.docId}\u0000${p.pageNumber}`;

/**
 * DMAP: structure, text and visual paths fused by union, then reflective answering: when the answer pages do not
 * support the question, expand to neighbouring and parent-section elements, at most DMAP_MAX_ROUNDS times. */
@Injectable()
export class DmapRetriever {
  constructor(
    private readonly repo: RetrieveRepository,
    private readonly dmap: DmapRepository,
    private readonly reranker: CrossEncoderReranker,
    private readonly llm: LlmService,
  ) {}

  async retrieve(input: DmapInput): Promise<DmapResult> {
    const log = new WalkLog('DMAP', input.docIds);
    const { trace, label } = log;
    // DMAP walks for the whole question: the step carries its text, the trace line TRACE's short label "q1", which
    // the trace defines first by that text (as TRACE and G2 define their sub-queries).
    trace.push(`  q1: "${input.question}" (DMAP walks for the whole question)`);
    const record = (step: WalkStep) => log.record(step, 'q1');

    const missing = await log.time('dmap-paths', () => this.dmap.documentsWithoutSummaries(input.docIds));
    if (missing.length > 0)
      throw enrichmentMissing('DMAP', 'summaries', 'section and page summaries', missing);

    // The pages titled as a financial statement the question asks for: the text path takes them at rank 1, and they
    // lead the final ranking whatever support the cross-encoder gives a grid of figures.
    const named = await log.time('dmap-paths', () => this.repo.statementPages(input.question, input.docIds));
    const fused = await log.time('dmap-paths', () => this.paths(input, named, trace));
    let answer = await log.time('dmap-support', () =>
      this.judge(
        input,
        fused.slice(0, DMAP_ANSWER_PAGES).map((f) => ({
          docId: f.docId,
          pageNumber: f.pageNumber,
          via: f.paths.map((p) => p.path).join('+'),
          fromPage: null,
          hop: 0,
          elements: f.elements,
        })),
      ),
    );
    for (const page of answer) record(this.step(page, page.via, input.question));
    let supported = await log.time('dmap-support', () => this.addresses(input, answer, trace));
    const support = [supported.support];

    const judged = new Map(answer.map((p) => [key(p), p]));
    const expandedFrom = new Set<string>();
    let displaced: Judged[] = [];
    for (let round = 1; round <= DMAP_MAX_ROUNDS && !supported.ok; round++) {
      const from = answer
        .flatMap((p) => p.elements.slice(0, ELEMENTS_PER_PAGE))
        .filter((e) => !expandedFrom.has(e.elementId));
      from.forEach((e) => expandedFrom.add(e.elementId));
      const rows = from.length
        ? await log.time('dmap-expand', () =>
            this.dmap.expandElements({
              elementIds: from.map((e) => e.elementId),
              embedding: input.embedding,
              perSection: PER_SECTION,
            }),
          )
        : [];
      const reached = newPages(rows, judged).slice(0, EXPAND_PAGES);
      trace.push(
        `DMAP reflect round ${round}: support ${supported.support.toFixed(3)} does not address the question → ` +
          `expand around ${from.length} evidence element(s): ${rows.length} neighbouring/section element(s) on ` +
          `${reached.length} new page(s)`,
      );
      if (reached.length === 0) break;
      const expanded = await log.time('dmap-support', () =>
        this.judge(
          input,
          reached.map((r) => ({
            docId: r.docId,
            pageNumber: r.pageNumber,
            via: r.via,
            fromPage: r.fromPage,
            hop: round,
            elements: [{ elementId: r.elementId, kind: r.kind, text: r.text, bbox: r.bbox, score: r.score }],
          })),
        ),
      );
      for (const page of expanded) {
        judged.set(key(page), page);
        record(this.step(page, page.via, input.question));
      }
      const merged = mergeExpansion(answer, expanded, DMAP_ANSWER_PAGES);
      answer = merged.answer;
      displaced = [
        ...displaced.filter((d) => !answer.some((a) => key(a) === key(d))),
        ...merged.displaced,
      ].sort((a, b) => b.support - a.support);
      supported = await log.time('dmap-support', () => this.addresses(input, answer, trace));
      support.push(supported.support);
    }
    trace.push(
      `DMAP answer pages: ${answer.map((p) => `${label(p)} ${p.support.toFixed(3)}`).join(', ') || 'none'}` +
        (supported.ok ? '' : ' (still below the support threshold after reflecting)'),
    );

    log.statementsFirst(named);
    const pages = await log.time('dmap-support', () =>
      this.rank(input, named, answer, displaced, fused, judged),
    );
    return { ...log.result(pages), support };
  }

  /** The three paths in parallel, fused by union. */
  private async paths(input: DmapInput, named: PageRef[], trace: string[]): Promise<FusedPage[]> {
    const scoped = {
      embedding: input.embedding,
      docIds: input.docIds,
      candidates: PATH_CANDIDATES,
      k: PATH_PAGES,
    };
    const [structure, text, visual] = await Promise.all([
      this.dmap.structurePages({ ...scoped, sectionPages: SECTION_PAGES }),
      this.repo.hybridPages({
        ...fusionQuery(input.question, scoped, named),
        candidates: 50,
        aggregate: 'max',
      }),
      this.dmap.visualPages(scoped),
    ]);
    const fused = fuseByUnion(
      {
        structure: structure.map((s): PathPage => ({
          ...s,
          elements: [],
          detail: s.section ? `${s.via}: ${s.section}` : s.via,
        })),
        text: text.map((t): PathPage => ({ ...t, detail: 'hybrid' })),
        visual: visual.map((v): PathPage => ({ ...v, detail: v.elements[0]?.kind ?? 'visual' })),
      },
      RRF_K,
    );
    trace.push(
      `DMAP: structure ${structure.length} page(s) (section titles, section and page summaries), text ${text.length} ` +
        `(HYBRID over passages), visual ${visual.length} (tables, figures, charts by description and caption) → ` +
        `${fused.length} page(s) by union; judge: ${this.llm.enabled ? `LLM check (${this.llm.model ?? 'model'})` : 'cross-encoder'} ` +
        `support ≥ ${DMAP_SUPPORT_THRESHOLD} on the top ${DMAP_ANSWER_PAGES}`,
    );
    return fused;
  }

  /** Cross-encoder support of each page: the question against its best passages, one batch. */
  private async judge(input: DmapInput, pages: Array<Omit<Judged, 'support' | 'text'>>): Promise<Judged[]> {
    if (pages.length === 0) return [];
    const texts = await this.repo.pageBestPassages({
      pages: pages.map(({ docId, pageNumber }) => ({ docId, pageNumber })),
      embedding: input.embedding,
      perPage: BEST_PASSAGES,
      maxChars: PAGE_TEXT_CHARS,
    });
    const byKey = new Map(texts.map((t) => [key(t), t]));
    const scores = await this.reranker.score(
      input.question,
      pages.map((p) => byKey.get(key(p))?.bestText ?? ''),
    );
    return pages
      .map((p, i) => {
        const text = byKey.get(key(p));
        return {
          ...p,
          support: scores[i] ?? 0,
          text,
          elements: text && text.elements.length > 0 ? text.elements : p.elements,
        };
      })
      .sort((a, b) => b.support - a.support);
  }

  /** Whether the answer pages address the question: the LLM's evidence check, or offline the support threshold. */
  private async addresses(
    input: DmapInput,
    answer: Judged[],
    trace: string[],
  ): Promise<{ ok: boolean; support: number }> {
    const support = Math.max(0, ...answer.map((p) => p.support));
    if (this.llm.enabled && answer.length > 0) {
      const outcome = await this.llm.check(
        {
          question: input.question,
          evidence: answer.map((p) => ({
            label: `page ${p.pageNumber}`,
            text: p.text?.pageText || p.text?.bestText || '',
          })),
        },
        { meter: input.meter },
      );
      if (outcome.source === 'llm') {
        trace.push(
          `DMAP check (LLM): ${outcome.value.sufficient ? 'the evidence answers the question' : `gaps: ${outcome.value.gaps.join('; ') || 'unnamed'}`}`,
        );
        return { ok: outcome.value.sufficient, support };
      }
      trace.push(
        `  warning: ${outcome.warning ?? 'the LLM check failed'}; the cross-encoder support decided instead`,
      );
    }
    const ok = support >= DMAP_SUPPORT_THRESHOLD;
    trace.push(
      `DMAP check (cross-encoder): support ${support.toFixed(3)} ${ok ? '≥' : '<'} ${DMAP_SUPPORT_THRESHOLD}`,
    );
    return { ok, support };
  }

  private step(page: Judged, via: string, question: string): WalkStep {
    const relevant = page.support >= DMAP_SUPPORT_THRESHOLD;
    const snippet = (page.text?.bestText ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
    return {
      subQuery: question,
      docId: page.docId,
      pageNumber: page.pageNumber,
      via,
      fromPage: page.fromPage,
      hop: page.hop,
      score: page.support,
      verdict: relevant ? 'RELEVANT' : 'IRRELEVANT',
      reason: `cross-encoder support on "${snippet}${snippet.length === 80 ? '…' : ''}"`,
    };
  }

  /**
   * The answer pages, then the answer pages they displaced, then the union in its order, then the other pages the
   * expansion judged; pages still without evidence get their passages nearest the question.
   */
  private async rank(
    input: DmapInput,
    named: PageRef[],
    answer: Judged[],
    displaced: Judged[],
    fused: FusedPage[],
    judged: Map<string, Judged>,
  ): Promise<DmapPage[]> {
    const out: DmapPage[] = [];
    const taken = new Set<string>();
    const add = (page: DmapPage) => {
      if (taken.has(key(page)) || out.length >= input.k) return;
      taken.add(key(page));
      out.push(page);
    };
    const hit = (p: Judged): DmapPage => ({
      docId: p.docId,
      pageNumber: p.pageNumber,
      score: p.support,
      reason: `dmap:${p.via}`,
      hop: p.hop,
      fromPage: p.fromPage,
      elements: p.elements,
    });
    const unjudged = (f: FusedPage): DmapPage => ({
      docId: f.docId,
      pageNumber: f.pageNumber,
      score: f.score,
      reason: `dmap:${f.paths.map((p) => p.path).join('+')}`,
      hop: 0,
      fromPage: null,
      elements: f.elements,
    });
    const fusedByKey = new Map(fused.map((f) => [key(f), f]));
    for (const n of named) {
      const j = judged.get(key(n));
      const f = fusedByKey.get(key(n));
      if (j) add(hit(j));
      else if (f) add(unjudged(f));
    }
    [...answer, ...displaced].forEach((p) => add(hit(p)));
    for (const f of fused) {
      const j = judged.get(key(f));
      add(j ? hit(j) : unjudged(f));
    }
    [...judged.values()].sort((a, b) => b.support - a.support).forEach((p) => add(hit(p)));
    const bare = out.filter((p) => p.elements.length === 0);
    if (bare.length > 0) {
      const texts = await this.repo.pageBestPassages({
        pages: bare.map(({ docId, pageNumber }) => ({ docId, pageNumber })),
        embedding: input.embedding,
        perPage: 1,
        maxChars: PAGE_TEXT_CHARS,
      });
      const byKey = new Map(texts.map((t) => [key(t), t.elements]));
      for (const p of bare) p.elements = byKey.get(key(p)) ?? [];
    }
    return out;
  }
}

/** Expanded elements on pages not judged yet, one row per page (its element nearest the question), best first. */
function newPages(rows: ExpandedElement[], judged: Map<string, unknown>): ExpandedElement[] {
  const best = new Map<string, ExpandedElement>();
  for (const r of rows) {
    const k = key(r);
    if (judged.has(k)) continue;
    const current = best.get(k);
    if (!current || r.score > current.score) best.set(k, r);
  }
  return [...best.values()].sort((a, b) => b.score - a.score);
}
