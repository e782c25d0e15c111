import { Inject, Injectable, Optional } from '@nestjs/common';
import type * as stage from '../enrich-stage';
import { StageModels } from '../stage-models';
import { StageSummariser, summariseEstimate } from '../summaries/stage-summariser';
import { elementText } from '../summaries/summaries.stage';
import { buildSummaryTree, DEFAULT_TREE_OPTIONS, type TreeOptions } from './build-summary-tree';
import { SummaryTreeRepository } from './summary-tree.repository';

/** Overrides of the tree's clustering options (seed, reducer, bounds), e.g. for tests. */
export const SUMMARY_TREE_OPTIONS = Symbol('SUMMARY_TREE_OPTIONS');

/** Characters of the joined member texts one cluster summary reads. */
const CLUSTER_SOURCE_CHARS = 12_000;

/**
 * MMRAG-DocQA's cross-page index: elements clustered RAPTOR-style (UMAP, GMM with k by BIC) and summarised up to one
 * root. Leaves are elements because they are already embedded, sized to the embedder and map back to page + bbox. */
@Injectable()
export class SummaryTreeStage implements stage.EnrichStage {
  readonly name = 'tree' as const;
  private readonly options: TreeOptions;

  constructor(
    private readonly repo: SummaryTreeRepository,
    private readonly models: StageModels,
    @Optional() @Inject(SUMMARY_TREE_OPTIONS) options?: Partial<TreeOptions>,
  ) {
    this.options = { ...DEFAULT_TREE_OPTIONS, ...options };
  }

  async estimate(docId: string, mode: stage.EnrichMode): Promise<stage.EnrichStageEstimate> {
    const { units, chars } = await this.repo.estimateInputs(docId);
    // Every level at least halves; in practice clusters hold ~4–8 members, so ~units/3 summaries in all.
    const nodes = units === 0 ? 0 : Math.max(1, Math.ceil(units / 3));
    const calls = this.models.usesLlm(mode) ? nodes : 0;
    return summariseEstimate(
      calls,
      Math.ceil((chars / 4) * 1.5),
      `${units} leaf elements → ~${nodes} cluster summaries`,
    );
  }

  async clear(docId: string): Promise<void> {
    await this.repo.clear(docId);
  }

  async run(docId: string, ctx: stage.EnrichStageContext): Promise<stage.EnrichStageResult> {
    const units = await this.repo.listUnits(docId);
    await this.repo.clear(docId);
    const leaves = units
      .map((u) => ({ id: u.id, text: elementText(u), vector: u.embedding }))
      .filter((u) => u.text.length > 0 && u.vector.length > 0);
    const summariser = new StageSummariser(this.models, ctx);
    const sources = new Map<string, 'llm' | 'offline'>();
    let made = 0;
    const tree = await buildSummaryTree(
      docId,
      leaves,
      {
        summarise: async (text, level) => {
          ctx.signal?.throwIfAborted();
          const reply = await summariser.summarise({ kind: 'cluster', text, maxChars: CLUSTER_SOURCE_CHARS });
          sources.set(`${level}:${made++}`, reply.source);
          return reply;
        },
        embed: (texts) => this.models.embedder.embedPassages(texts),
        progress: (level, done, total) => ctx.progress(done, total, `level ${level}`),
      },
      this.options,
    );
    summariser.flushWarnings('cluster');
    const llmNodes = [...sources.values()].filter((s) => s === 'llm').length;
    const written = await this.repo.writeNodes(
      docId,
      tree.map((n) => ({
        id: n.id,
        level: n.level,
        text: n.text,
        keywords: n.keywords,
        source: summariser.usesLlm ? (llmNodes === tree.length ? 'llm' : 'mixed') : 'offline',
        memberIds: n.memberIds,
        leafCount: n.leafCount,
        seed: this.options.seed,
        embedding: Array.from(n.vector),
      })),
    );
    const levels = tree.reduce((m, n) => Math.max(m, n.level), 0);
    return {
      counts: { leaves: leaves.length, clusters: written, levels, llmCalls: summariser.calls },
    };
  }
}
