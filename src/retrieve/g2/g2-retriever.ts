import { Inject, Injectable } from '@nestjs/common';
import { EMBEDDER } from '../../embed/embed.tokens';
import type { Embedder } from '../../embed/embedder';
import type { UsageMeter } from '../../llm/llm-usage';
import { LlmService } from '../../llm/llm.service';
import { MAX_PLAN_DEPTH, MAX_PLAN_NODES, type PlanNode } from '../../llm/prompts/plan.prompt';
import { buildLuceneQuery } from '../lucene-query';
import { type PageRef, RetrieveRepository, RRF_K, STATEMENT_PAGE_WEIGHT } from '../retrieve.repository';
import { decomposeQuestion } from '../trace/decompose-question';
import { type WalkInput, WalkLog, type WalkResult } from '../walk-log';
import { enrichmentMissing } from '../walk-step';
import { checkEvidence } from './evidence-check';
import { G2Repository, type SeedElement } from './g2.repository';
import { pageKey, pageSteps, rankPages, type Read } from './rank-pages';
import { G2_NODE_BUDGET, readSubgraph } from './subgraph-readout';

/** τ_max: refinement rounds after a sub-question's first readout, while the checker names gaps. */
export const G2_MAX_REFINEMENTS = 3;
/** Seeds each readout ranks (read greedily until the node budget; the rest pad the page ranking). */
const SEED_CANDIDATES = 20;
const RANK_CANDIDATES = 60;
/** A refinement round's nodes rank this share of a first round's per round. */
const REFINEMENT_DECAY = 0.8;
/** Characters of a dependency's answer put in place of its [qN]. */
const ANSWER_CHARS = 120;

export type G2Input = WalkInput;
export type G2Result = WalkResult;

/**
 * G²-Reader over the evolved content graph: sub-questions in a planning DAG, per sub-question a greedy subgraph
 * readout checked for evidence (LLM or term coverage) whose gaps drive refinement; pages rank by their best node. */
@Injectable()
export class G2Retriever {
  constructor(
    private readonly g2: G2Repository,
    private readonly repo: RetrieveRepository,
    private readonly llm: LlmService,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
  ) {}

  async retrieve(input: G2Input): Promise<G2Result> {
    const log = new WalkLog('G2', input.docIds);
    const { trace } = log;

    const missing = await log.time('g2-readout', () => this.g2.documentsWithoutContentGraph(input.docIds));
    if (missing.length > 0) {
      throw enrichmentMissing('G2', 'evolve', 'the evolved content graph (RELATES_TO edges)', missing);
    }
    const plan = await log.time('g2-plan', () => this.plan(input, trace));

    const read = new Map<string, Read>();
    const leftovers = new Map<string, SeedElement & { subQuery: string }>();
    const answers = new Map<string, string>();
    // One lookup per text: the first readout of a one-node plan and the final ranking ask about the same question.
    const statementLookups = new Map<string, Promise<PageRef[]>>();
    const statementPagesOf = (text: string) => {
      if (!statementLookups.has(text))
        statementLookups.set(text, this.repo.statementPages(text, input.docIds));
      return statementLookups.get(text)!;
    };
    for (const node of plan) {
      const question = node.question.replace(/\[(q\d+)\]/gi, (ref, id: string) =>
        answers.has(id) ? `(${answers.get(id)!.slice(0, ANSWER_CHARS)})` : ref,
      );
      const own: Read[] = [];
      let query = question;
      let terms = question;
      let previousGaps = '';
      for (let round = 0; round <= G2_MAX_REFINEMENTS; round++) {
        const embedding =
          query === input.question
            ? input.embedding
            : Array.from(await log.time('g2-embed', () => this.embedder.embedQuery(query)));
        const seeds = await log.time('g2-readout', async () =>
          this.g2.seedElements({
            embedding,
            docIds: input.docIds,
            luceneQuery: buildLuceneQuery(terms, ['text', 'description'], input.docIds),
            candidates: RANK_CANDIDATES,
            k: SEED_CANDIDATES,
            rrfK: RRF_K,
            exclude: [...read.keys()],
            statementPages: await statementPagesOf(query),
            statementPageWeight: STATEMENT_PAGE_WEIGHT,
          }),
        );
        const reachable = seeds.slice(0, G2_NODE_BUDGET).map((s) => s.elementId);
        const neighbours = reachable.length
          ? await log.time('g2-readout', () =>
              this.g2.elementNeighbours({ elementIds: reachable, embedding }),
            )
          : [];
        const nodes = readSubgraph(seeds, neighbours, new Set(read.keys()));
        const decay = REFINEMENT_DECAY ** round;
        for (const n of nodes) {
          const r: Read = { ...n, score: n.score * decay, subQuery: node.id, round };
          read.set(n.elementId, r);
          own.push(r);
        }
        for (const s of seeds) {
          if (!read.has(s.elementId) && !leftovers.has(s.elementId))
            leftovers.set(s.elementId, {
              ...s,
              score: (s.score / (seeds[0]?.score || 1)) * decay,
              subQuery: node.id,
            });
        }
        trace.push(
          `  ${node.id} ${round === 0 ? 'readout' : `refinement ${round}`}: ${nodes.length} node(s) of ${seeds.length} seed(s) — ` +
            Object.entries(countBy(nodes.map((n) => n.via)))
              .map(([via, n]) => `${via} ${n}`)
              .join(', '),
        );
        // The step carries the sub-question's text; its trace line the plan's short id ("q2").
        for (const step of pageSteps(nodes, question, decay)) log.record(step, node.id);
        const verdict = await log.time('g2-check', () => this.check(question, own, input.meter, trace));
        trace.push(
          `  ${node.id} check (${verdict.by}): ` +
            (verdict.sufficient
              ? 'sufficient'
              : `gaps: ${verdict.gaps.map((g) => `"${g}"`).join(', ') || 'unnamed'}`),
        );
        // The same gaps after a refinement: the graph has nothing more for them, so stop early.
        const gaps = verdict.gaps.join(' ');
        if (
          verdict.sufficient ||
          !gaps ||
          gaps === previousGaps ||
          round === G2_MAX_REFINEMENTS ||
          nodes.length === 0
        )
          break;
        previousGaps = gaps;
        terms = gaps;
        query = `${terms} ${question}`;
      }
      const best = own.sort((a, b) => b.score - a.score)[0];
      if (best) answers.set(node.id, best.text.replace(/\s+/g, ' ').trim());
    }

    const named = await statementPagesOf(input.question);
    const pages = rankPages([...read.values()], [...leftovers.values()], input.k, named);
    log.statementsFirst(named);
    trace.push(
      `G2: ${read.size} content-graph node(s) read on ${new Set([...read.values()].map(pageKey)).size} page(s) ` +
        `over ${plan.length} sub-question(s); seeds the budget did not reach follow`,
    );
    return log.result(pages);
  }

  /** The LLM's plan (validated DAG), or offline the rule decomposition: every sub-question a root. */
  private async plan(input: G2Input, trace: string[]): Promise<PlanNode[]> {
    let nodes: PlanNode[] | null = null;
    if (this.llm.enabled) {
      const outcome = await this.llm.plan(
        { question: input.question, maxNodes: MAX_PLAN_NODES, maxDepth: MAX_PLAN_DEPTH },
        { meter: input.meter },
      );
      if (outcome.source === 'llm') {
        nodes = outcome.value.nodes;
        trace.push(`G2 plan: LLM, ${nodes.length} sub-question(s)`);
      } else {
        trace.push(
          `  warning: ${outcome.warning ?? 'the LLM plan step failed'}; the offline rules planned instead`,
        );
      }
    }
    if (!nodes) {
      nodes = decomposeQuestion(input.question, MAX_PLAN_NODES).map((question, i) => ({
        id: `q${i + 1}`,
        question,
        dependsOn: [],
        depth: 1,
      }));
      if (nodes.length === 0) nodes = [{ id: 'q1', question: input.question, dependsOn: [], depth: 1 }];
      trace.push(`G2 plan: offline rules, ${nodes.length} sub-question(s)`);
    }
    trace.push(
      ...nodes.map(
        (n) =>
          `  ${n.id}: "${n.question}"${n.dependsOn.length ? ` (after ${n.dependsOn.join(', ')}, depth ${n.depth})` : ''}`,
      ),
    );
    return nodes;
  }

  /** The evidence checker: the LLM's verdict and gaps, or offline term and number coverage. */
  private async check(
    question: string,
    own: Read[],
    meter: UsageMeter,
    trace: string[],
  ): Promise<{ sufficient: boolean; gaps: string[]; by: string }> {
    const evidence = own.map((r) => r.text);
    if (this.llm.enabled) {
      const outcome = await this.llm.check(
        { question, evidence: own.map((r) => ({ label: `page ${r.pageNumber}`, text: r.text })) },
        { meter },
      );
      if (outcome.source === 'llm') return { ...outcome.value, by: 'LLM' };
      trace.push(
        `  warning: ${outcome.warning ?? 'the LLM check failed'}; the offline coverage check decided instead`,
      );
    }
    const verdict = checkEvidence(question, evidence);
    return { ...verdict, by: `coverage ${verdict.coverage.toFixed(2)}` };
  }
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
