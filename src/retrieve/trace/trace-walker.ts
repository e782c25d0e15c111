import { Inject, Injectable } from '@nestjs/common';
import { EMBEDDER } from '../../embed/embed.tokens';
import type { Embedder } from '../../embed/embedder';
import type { UsageMeter } from '../../llm/llm-usage';
import { LlmService } from '../../llm/llm.service';
import type { EvidenceStep } from '../evidence-step';
import { fusionQuery } from '../fusion-query';
import { namedDocuments, namedIds } from '../named-documents';
import { RetrieveError, RetrieveErrorCode } from '../retrieve.errors';
import { RetrieveRepository } from '../retrieve.repository';
import type { StageTiming, TraceOptions } from '../retrieve.types';
import { decomposeQuestion, MAX_SUB_QUERIES } from './decompose-question';
import { pushOrder } from './push-order';
import { TRACE_JUDGE_THRESHOLD, TraceJudge } from './trace-judge';
import {
  BEST_PASSAGES,
  seedCandidates,
  type SubQuery,
  TRACE_SEEDS,
  TRACE_SIMILAR_K,
  TraceJudging,
} from './trace-judging';
import {
  type Candidate,
  pageKey,
  TraceRun,
  type TracedPage,
  type Verdict,
  walkOptions,
  type WalkOptions,
} from './trace-run';

/** Seed ranking as HYBRID ranks pages: passage candidates per side. */
const SEED_CANDIDATES = 50;

export interface TraceWalkInput {
  question: string;
  /** The question's embedding, reused when the question is its own only sub-query. */
  embedding: number[];
  docIds: string[] | null;
  k: number;
  options?: TraceOptions;
  meter: UsageMeter;
}

export interface TraceWalkResult {
  pages: TracedPage[];
  trace: string[];
  steps: EvidenceStep[];
  warnings: string[];
  timings: StageTiming[];
  stats: TraceRun['stats'];
}

/**
 * TRACE's adaptive topology tracker (Algorithm 1): per sub-query, pages popped from a stack seeded with its top-m,
 * judged once; a RELEVANT page joins the chain and pushes its SIMILAR_TO, REFERS_TO and NEXT_PAGE neighbours. */
@Injectable()
export class TraceWalker {
  constructor(
    private readonly repo: RetrieveRepository,
    private readonly judge: TraceJudge,
    private readonly llm: LlmService,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
  ) {
    this.judging = new TraceJudging(repo, judge);
  }

  private readonly judging: TraceJudging;

  async walk(input: TraceWalkInput): Promise<TraceWalkResult> {
    const options = walkOptions(input.options);
    const total = options.pageBudget;
    if (!Number.isInteger(total) || total < 1 || total > 200) {
      throw new RetrieveError(
        RetrieveErrorCode.BAD_TRACE_OPTIONS,
        `trace.pageBudget must be an integer from 1 to 200 (pages judged per question); got ${total}.`,
      );
    }
    const run = new TraceRun(input.docIds);
    // Enrichment first: a walk that cannot run fails before any decomposition or judging is spent on it.
    if (options.semanticEdges)
      await run.timed('trace-seeds', () => this.checkSimilarEdges(input.docIds, options, run));
    const texts = await run.timed('trace-decompose', () =>
      this.decompose(input.question, options, input.meter, run),
    );
    const subQueries = await run.timed('trace-seeds', () => this.seed(texts, input));
    const budget = Math.max(1, Math.floor(total / subQueries.length));
    run.trace.push(
      `TRACE: ${subQueries.length} sub-quer${subQueries.length === 1 ? 'y' : 'ies'}; budget ⌊${total}/${subQueries.length}⌋ = ${budget} ` +
        `page(s) each; m = ${TRACE_SEEDS} seeds, K = ${TRACE_SIMILAR_K} similar; judge: ` +
        (this.judge.name === 'llm'
          ? `LLM (${this.llm.model ?? 'model'})`
          : `cross-encoder ≥ ${TRACE_JUDGE_THRESHOLD} on each page's best ${BEST_PASSAGES} passage(s)`),
      ...subQueries.map((q, i) => `  q${i + 1}: "${q.text}" (${q.seeds.length} seed candidates)`),
    );
    const ablated = (['semanticEdges', 'physicalEdges', 'referenceEdges'] as const).filter(
      (o) => !options[o],
    );
    if (ablated.length) run.trace.push(`  ablation: without ${ablated.join(', ')}`);

    const seedVerdicts = await this.judging.judgeSeedRound(run, subQueries, budget, input);
    for (const [i, sq] of subQueries.entries())
      await this.walkSubQuery(run, i, sq, budget, options, input, seedVerdicts[i]!);

    const pages = run.ranked(subQueries.map((q) => q.seeds));
    run.trace.push(
      `TRACE: ${run.stats.visited} pages visited, ${run.stats.judged} judged in ${run.stats.crossEncoderCalls} cross-encoder ` +
        `and ${run.stats.llmCalls} LLM judge call(s) (${run.stats.crossEncoderPairs} cross-encoder pair(s) scored, the rest cached), ` +
        `${run.stats.passageQueries} window and ${run.stats.neighbourQueries} neighbour quer${run.stats.neighbourQueries === 1 ? 'y' : 'ies'}; chain of evidence: ` +
        (run
          .chain()
          .map((v) => run.label(v.candidate))
          .join(' → ') || 'none'),
    );
    return {
      pages,
      trace: run.trace,
      steps: run.steps,
      warnings: run.warnings,
      timings: run.timings(),
      stats: run.stats,
    };
  }

  private async decompose(
    question: string,
    options: WalkOptions,
    meter: UsageMeter,
    run: TraceRun,
  ): Promise<string[]> {
    if (!options.decomposition) {
      run.trace.push('TRACE decomposition: off (ablation) — the question is the only sub-query');
      return [question];
    }
    if (this.llm.enabled) {
      const outcome = await this.llm.decompose({ question, maxSubQueries: MAX_SUB_QUERIES }, { meter });
      if (outcome.source === 'llm') {
        run.trace.push('TRACE decomposition: LLM');
        return outcome.value.subQueries;
      }
      run.warn(
        `${outcome.warning ?? 'the LLM decompose step failed'}; the offline rules decomposed it instead`,
      );
    }
    run.trace.push('TRACE decomposition: offline rules');
    return decomposeQuestion(question);
  }

  /** Each sub-query's own embedding, full-text query and HYBRID page ranking (the top m seed its stack). */
  private async seed(texts: string[], input: TraceWalkInput): Promise<SubQuery[]> {
    const subQueries: SubQuery[] = [];
    for (const text of texts) {
      const embedding =
        text === input.question ? input.embedding : Array.from(await this.embedder.embedQuery(text));
      const statementPages = await this.repo.statementPages(text, input.docIds);
      const scope = { embedding, docIds: input.docIds, k: Math.max(TRACE_SEEDS, input.k) };
      const seeds = await this.repo.hybridPages({
        ...fusionQuery(text, scope, statementPages),
        candidates: SEED_CANDIDATES,
        aggregate: 'max',
      });
      subQueries.push({ text, embedding, seeds, namedStatements: new Set(statementPages.map(pageKey)) });
    }
    return subQueries;
  }

  /**
   * Without SIMILAR_TO TRACE still runs Algorithm 1 on the physical layer (Table 6: worse, not broken), so it warns;
   * with the physical layer switched off nothing of the semantic walk asked for could run, so it is an error.
   */
  private async checkSimilarEdges(
    docIds: string[] | null,
    options: WalkOptions,
    run: TraceRun,
  ): Promise<void> {
    const missing = await this.repo.documentsWithoutSimilar(docIds);
    if (missing.length === 0) return;
    const docs = namedDocuments(missing);
    const command = `npm run folio -- enrich ${namedIds(missing).join(' ')} --stages similar`;
    if (!options.physicalEdges) {
      throw new RetrieveError(
        RetrieveErrorCode.ENRICHMENT_MISSING,
        `TRACE without physical edges walks SIMILAR_TO only, and ${docs} have none. Add semantic edges with: ${command}`,
      );
    }
    run.warn(
      `no SIMILAR_TO edges in ${docs}; the walk follows physical and reference edges only there. ` +
        `Add semantic edges with: ${command}`,
    );
  }

  private async walkSubQuery(
    run: TraceRun,
    index: number,
    sq: SubQuery,
    budget: number,
    options: WalkOptions,
    input: TraceWalkInput,
    seedVerdicts: Map<string, Verdict>,
  ): Promise<void> {
    const q = `q${index + 1}`;
    const stack: Candidate[] = seedCandidates(sq).reverse();
    const onStack = new Set(stack.map(pageKey));
    const verdicts = seedVerdicts; // judged for this sub-query (the seed round first): never twice
    const visited = new Set<string>(); // popped: the blacklist plus this sub-query's part of the whitelist
    let judgedHere = verdicts.size;
    let unjudged = 0;
    while (stack.length > 0) {
      const c = stack.pop()!;
      const key = pageKey(c);
      onStack.delete(key);
      if (visited.has(key)) continue;
      if (run.whitelist.has(key) && !verdicts.has(key)) {
        visited.add(key);
        run.skip(q, sq.text, c);
        continue;
      }
      if (!verdicts.has(key)) {
        if (judgedHere >= budget) {
          unjudged += 1;
          continue;
        }
        // The page and the rest of its push group still unjudged on top of the stack: one judge call for all.
        const batch = [c, ...run.sameGroupOnTop(stack, c, visited, verdicts)].slice(0, budget - judgedHere);
        judgedHere += batch.length;
        await this.judging.judgeBatch(run, index, sq, batch, verdicts, input, judgedHere < budget);
      }
      const verdict = verdicts.get(key)!;
      visited.add(key);
      run.visit(q, sq.text, c, verdict);
      if (!verdict.relevant || judgedHere >= budget) continue;
      const pushed = pushOrder(await this.judging.neighboursOf(run, [c]), c, options, input.docIds).filter(
        (n) => !visited.has(pageKey(n)) && !onStack.has(pageKey(n)) && !run.whitelist.has(pageKey(n)),
      );
      if (pushed.length === 0) continue;
      const group = run.nextGroup();
      for (const n of [...pushed].reverse()) {
        stack.push({
          ...n,
          group,
          fromScore: verdict.score * (n.via === 'similar' ? (n.edgeScore ?? 0) : 1),
        });
        onStack.add(pageKey(n));
      }
      run.trace.push(
        `  ${q} ${run.label(c)} → stack: ${pushed.map((n) => `${run.label(n)} (${run.edge(n)})`).join(', ')}`,
      );
    }
    if (unjudged > 0) {
      run.trace.push(
        `  ${q}: budget of ${budget} page(s) spent; ${unjudged} candidate(s) left unjudged on the stack`,
      );
    }
  }
}
