import type { FactoryProvider } from '@nestjs/common';
import { DmapRanker } from './dmap.ranker';
import { G2Ranker } from './g2.ranker';
import { GraphRanker } from './graph.ranker';
import { HybridRanker } from './hybrid.ranker';
import { ParentPageRanker } from './parent-page.ranker';
import { RANKERS, type RankerRegistry } from './ranker';
import { SummaryTreeRanker } from './summary-tree.ranker';
import { TraceRanker } from './trace.ranker';
import { VectorRanker } from './vector.ranker';

/** The ranker classes, each a provider of its own. */
export const RANKER_CLASSES = [
  VectorRanker,
  HybridRanker,
  ParentPageRanker,
  SummaryTreeRanker,
  GraphRanker,
  TraceRanker,
  DmapRanker,
  G2Ranker,
] as const;

/** RANKERS: every strategy's ranker by name, checked by the compiler against Strategy (the GraphQL enum). */
export const rankersProvider: FactoryProvider<RankerRegistry> = {
  provide: RANKERS,
  inject: [...RANKER_CLASSES],
  useFactory: (
    vector: VectorRanker,
    hybrid: HybridRanker,
    parentPage: ParentPageRanker,
    summaryTree: SummaryTreeRanker,
    graph: GraphRanker,
    trace: TraceRanker,
    dmap: DmapRanker,
    g2: G2Ranker,
  ): RankerRegistry => ({
    VECTOR: vector,
    HYBRID: hybrid,
    PARENT_PAGE: parentPage,
    SUMMARY_TREE: summaryTree,
    GRAPH: graph,
    TRACE: trace,
    DMAP: dmap,
    G2: g2,
  }),
};
