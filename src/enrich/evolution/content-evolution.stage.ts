import { Injectable } from '@nestjs/common';
import { estimateTokens } from '../../llm/llm-usage';
import { offlineSummarise } from '../../llm/offline/summarise.offline';
import type { EvolveNode } from '../../llm/prompts/evolve.prompt';
import type { SummariseReply } from '../../llm/prompts/summarise.prompt';
import { chunk, mapWithConcurrency } from '../../common/concurrency';
import * as stage from '../enrich-stage';
import { StageModels } from '../stage-models';
import { dot } from '../similarity/maxsim';
import {
  EvolutionRepository,
  type EvolvableElement,
  type RelationEdgeRow,
  type RevisionRow,
} from './evolution.repository';
import { liteRelation, liteStep, topKSimilar, windowPairs, type Neighbour } from './lite-evolution';

export interface EvolveSettings {
  /** Evolution rounds T. */
  rounds: number;
  /** Top-K similar nodes per round (by current evolved vectors, within the document). */
  k: number;
  /** Lite: weight of a node's own vector in h ← α·h + (1−α)·mean. */
  alpha: number;
  /** Initial reading-order window. */
  window: number;
  /** LLM calls in flight within one round. */
  concurrency: number;
}

export const DEFAULT_EVOLVE_SETTINGS: EvolveSettings = {
  rounds: 3,
  k: 5,
  alpha: 0.5,
  window: 2,
  concurrency: 4,
};

/** Elements this short are their own summary: an LLM call would only paraphrase them. */
const SHORT_TEXT_CHARS = 160;
/** Neighbours shown to the model per evolve call (top-K ∪ current neighbours, best first). */
const MAX_PROMPT_NEIGHBOURS = 8;
const EMBED_BATCH = 64;
/** Dry-run token estimates: prompt overheads and typical reply sizes of the summarise and evolve roles. */
const SUMMARISE_OVERHEAD_TOKENS = 80;
const SUMMARISE_REPLY_TOKENS = 70;
const EVOLVE_OVERHEAD_TOKENS = 170;
const EVOLVE_NEIGHBOUR_TOKENS = 70;
const EVOLVE_REPLY_TOKENS = 140;

export function evolveSettingsFrom(params: Readonly<Record<string, number>>): EvolveSettings {
  const s = stage.withParams(DEFAULT_EVOLVE_SETTINGS, params);
  stage.requireInteger('rounds', s.rounds, 0);
  stage.requireInteger('k', s.k, 1);
  stage.requireWithin('alpha', s.alpha, 0, 1);
  stage.requireInteger('window', s.window, 0);
  stage.requireInteger('concurrency', s.concurrency, 1);
  return s;
}

/** What an element is summarised from: a table's Markdown grid, a figure's description, else its text. */
export function sourceText(e: Pick<EvolvableElement, 'kind' | 'text' | 'description'>): string {
  if (e.description && (e.kind === 'table' || e.kind === 'figure' || e.kind === 'chart'))
    return e.kind === 'table' ? e.description : `${e.text}\n${e.description}`;
  return e.text;
}

/** G²-Reader embeds `summary ⊕ keywords`. */
export function evolvedEmbeddingText(summary: string, keywords: readonly string[]): string {
  return keywords.length > 0 ? `${summary}\nKeywords: ${keywords.join(', ')}` : summary;
}

interface NodeState {
  summary: string;
  keywords: string[];
}

/**
 * G²-Reader's content graph: per element a summary, keywords and an `evolvedEmbedding` (the retrieval `embedding`
 * stays), RELATES_TO edges evolved over T rounds (Lite: vectors only; full: the LLM), each round kept as a Revision. */
@Injectable()
export class ContentEvolutionStage implements stage.EnrichStage {
  readonly name = 'evolve' as const;

  constructor(
    private readonly repo: EvolutionRepository,
    private readonly models: StageModels,
  ) {}

  async clear(docId: string): Promise<void> {
    await this.repo.clear(docId);
  }

  async estimate(docId: string, mode: stage.EnrichMode): Promise<stage.EnrichStageEstimate> {
    const lengths = await this.repo.elementSizes(docId);
    const { rounds } = DEFAULT_EVOLVE_SETTINGS;
    if (!this.models.usesLlm(mode)) return stage.noCallsEstimate(`${lengths.length} elements, Lite (no LLM)`);
    const long = lengths.filter((n) => n > SHORT_TEXT_CHARS);
    const textTokens = (n: number, cap: number) => estimateTokens('x'.repeat(Math.min(n, cap)));
    const summarisePrompt = long.reduce((t, n) => t + SUMMARISE_OVERHEAD_TOKENS + textTokens(n, 12_000), 0);
    const evolvePrompt = lengths.reduce(
      (t, n) =>
        t + EVOLVE_OVERHEAD_TOKENS + textTokens(n, 1_500) + MAX_PROMPT_NEIGHBOURS * EVOLVE_NEIGHBOUR_TOKENS,
      0,
    );
    return {
      calls: long.length + lengths.length * rounds,
      promptTokens: summarisePrompt + evolvePrompt * rounds,
      completionTokens: long.length * SUMMARISE_REPLY_TOKENS + lengths.length * rounds * EVOLVE_REPLY_TOKENS,
      basis: `${long.length} summaries + ${lengths.length} elements × ${rounds} rounds of evolve`,
    };
  }

  async run(docId: string, ctx: stage.EnrichStageContext): Promise<stage.EnrichStageResult> {
    const s = evolveSettingsFrom(ctx.params ?? {});
    const useLlm = this.models.usesLlm(ctx.mode);
    if (ctx.mode === 'llm' && !useLlm)
      ctx.warn('No LLM is configured (FOLIO_LLM_BASE_URL), so evolution ran in Lite mode.');
    const mode = useLlm ? 'llm' : 'lite';
    await this.repo.clear(docId);
    const elements = await this.repo.elements(docId);
    const n = elements.length;
    const total = n * (2 + s.rounds);
    let done = 0;
    const tick = (units = 1) => ctx.progress((done += units), total);
    ctx.progress(0, total);

    // 1. Summary and keywords per element.
    const state: NodeState[] = await mapWithConcurrency(elements, s.concurrency, async (e) => {
      const text = sourceText(e);
      let reply: SummariseReply;
      if (useLlm && text.length > SHORT_TEXT_CHARS) {
        const outcome = await this.models.llm.summarise(
          { kind: 'element', text, maxWords: 40 },
          { meter: ctx.meter, signal: ctx.signal },
        );
        if (outcome.warning) ctx.warn(`summary of ${e.id}: ${outcome.warning}`);
        reply = outcome.value;
      } else reply = offlineSummarise({ kind: 'element', text, maxSentences: 2 });
      tick();
      return { summary: reply.summary || text.slice(0, 300), keywords: reply.keywords };
    });

    // 2. h⁰ = embedding of summary ⊕ keywords.
    let h = await this.embedStates(state, (k) => tick(k));

    // 3. Initial edges from the reading-order window (iteration 0) and revision 0.
    const adjacency = elements.map(() => new Map<number, number>());
    const link = (i: number, j: number, score: number) => {
      adjacency[i]!.set(j, score);
      adjacency[j]!.set(i, score);
    };
    const windowEdges: RelationEdgeRow[] = windowPairs(n, s.window).map(([i, j]) => {
      const score = round(dot(h[i]!, h[j]!));
      link(i, j, score);
      return edge(elements, i, j, 'context', 'window', score, 0, null);
    });
    await this.repo.writeRelations(windowEdges);
    await this.repo.writeRevisions(docId, revisions(elements, state, 0, mode, adjacency));

    // 4. T rounds of evolution.
    let roundEdges = 0;
    let skipped = 0;
    for (let t = 1; t <= s.rounds; t++) {
      ctx.signal?.throwIfAborted();
      const similar = topKSimilar(h, Math.min(s.k, Math.max(n - 1, 0)));
      const edges: RelationEdgeRow[] = [];
      if (!useLlm) {
        const next = liteStep(h, similar, s.alpha);
        similar.forEach((list, i) => {
          for (const { index: j, score } of list) {
            link(i, j, round(score));
            edges.push(
              edge(elements, i, j, liteRelation(elements[i]!, elements[j]!), 'lite', round(score), t, null),
            );
          }
        });
        h = next;
        tick(n);
      } else {
        const before = state.map((x) => ({ ...x }));
        const results = await mapWithConcurrency(elements, s.concurrency, async (e, i) => {
          const neighbours = neighbourhood(similar[i] ?? [], adjacency[i]!);
          const outcome = await this.models.llm.evolve(
            {
              node: {
                id: e.id,
                summary: before[i]!.summary,
                keywords: before[i]!.keywords,
                text: sourceText(e),
              },
              neighbours: neighbours.map((j): EvolveNode => ({ id: elements[j]!.id, ...before[j]! })),
            },
            { meter: ctx.meter, signal: ctx.signal },
          );
          tick();
          if (outcome.source !== 'llm') {
            ctx.warn(`evolve round ${t} skipped ${e.id}: ${outcome.warning ?? 'no model reply'}`);
            return null;
          }
          return outcome.value;
        });
        const changed: number[] = [];
        results.forEach((reply, i) => {
          if (!reply) {
            skipped++;
            return;
          }
          state[i] = { summary: reply.summary, keywords: reply.keywords };
          changed.push(i);
        });
        const fresh = await this.embedStates(
          changed.map((i) => state[i]!),
          () => undefined,
        );
        h = [...h];
        changed.forEach((i, k) => (h[i] = fresh[k]!));
        const indexById = new Map(elements.map((e, i) => [e.id, i]));
        results.forEach((reply, i) => {
          for (const l of reply?.links ?? []) {
            const j = indexById.get(l.targetId);
            if (j === undefined || j === i) continue;
            const score = round(dot(h[i]!, h[j]!));
            link(i, j, score);
            edges.push(edge(elements, i, j, l.relation, 'llm', score, t, l.reason || null));
          }
        });
      }
      await this.repo.writeRelations(edges);
      await this.repo.writeRevisions(docId, revisions(elements, state, t, mode, adjacency, similar));
      roundEdges += edges.length;
    }

    // 5. The final state on the elements.
    await this.repo.writeElements(
      elements.map((e, i) => ({
        id: e.id,
        summary: state[i]!.summary,
        keywords: state[i]!.keywords,
        vector: Array.from(h[i]!),
      })),
      mode,
    );
    return {
      counts: {
        elements: n,
        rounds: s.rounds,
        windowEdges: windowEdges.length,
        [useLlm ? 'llmEdges' : 'liteEdges']: roundEdges,
        revisions: n * (s.rounds + 1),
        skippedUpdates: skipped,
      },
    };
  }

  private async embedStates(
    states: readonly NodeState[],
    onBatch: (count: number) => void,
  ): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (const part of chunk(states, EMBED_BATCH)) {
      out.push(
        ...(await this.models.embedder.embedPassages(
          part.map((x) => evolvedEmbeddingText(x.summary, x.keywords)),
        )),
      );
      onBatch(part.length);
    }
    return out;
  }
}

/** Top-K similar first (best first), then current neighbours not among them (strongest first), capped. */
function neighbourhood(similar: readonly Neighbour[], current: ReadonlyMap<number, number>): number[] {
  const picked = similar.map((x) => x.index);
  const rest = [...current.entries()]
    .filter(([j]) => !picked.includes(j))
    .sort((a, b) => b[1] - a[1])
    .map(([j]) => j);
  return [...picked, ...rest].slice(0, MAX_PROMPT_NEIGHBOURS);
}

function edge(
  elements: readonly EvolvableElement[],
  i: number,
  j: number,
  relation: string,
  source: RelationEdgeRow['source'],
  score: number,
  iteration: number,
  reason: string | null,
): RelationEdgeRow {
  return { from: elements[i]!.id, to: elements[j]!.id, relation, source, score, iteration, reason };
}

function revisions(
  elements: readonly EvolvableElement[],
  state: readonly NodeState[],
  iteration: number,
  mode: string,
  adjacency: ReadonlyArray<ReadonlyMap<number, number>>,
  similar?: readonly Neighbour[][],
): RevisionRow[] {
  return elements.map((e, i) => ({
    id: `${e.id}:r${iteration}`,
    elementId: e.id,
    iteration,
    summary: state[i]!.summary,
    keywords: state[i]!.keywords,
    mode,
    neighbourIds: (similar?.[i]?.map((x) => x.index) ?? [...adjacency[i]!.keys()]).map(
      (j) => elements[j]!.id,
    ),
  }));
}

function round(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}
