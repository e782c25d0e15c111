import { Injectable } from '@nestjs/common';
import { EVIDENCE_EDGES, type EvidenceEdge, type EvidenceStep } from '../evidence-step';
import { RetrieveRepository, type WalkedPageCandidate } from '../retrieve.repository';
import { namedDocuments, namedIds } from '../named-documents';
import { fusedRun } from './fused-run';
import type { RankRequest, Ranker, RankerNeeds, Ranking } from './ranker';

/** Pages the walk starts from, the share of the gap to its seed a walked page closes, decay per hop. */
const GRAPH_SEEDS = 3;
const GRAPH_WALK_WEIGHT = 0.5;
const GRAPH_HOP_DECAY = 0.5;

/** GRAPH: HYBRID seeds walked over NEXT_PAGE/SIMILAR_TO, REFERS_TO, CAPTIONS and sections in one query. */
@Injectable()
export class GraphRanker implements Ranker<'GRAPH'> {
  readonly strategy = 'GRAPH';
  readonly needs: RankerNeeds = { rerank: 'cross-encoder', enrichment: ['similar'], warningsInTrace: true };

  constructor(private readonly repo: RetrieveRepository) {}

  async rank(req: RankRequest): Promise<Ranking> {
    const warnings: string[] = [];
    // The SIMILAR_TO check runs beside the walk (one round trip less to wait for).
    const { found, trace, timings } = await fusedRun(this.repo, req, 'graph-walk', (fusion) =>
      Promise.all([
        this.repo.graphWalkPages({
          ...fusion,
          candidates: 50,
          seeds: GRAPH_SEEDS,
          walkWeight: GRAPH_WALK_WEIGHT,
          hopDecay: GRAPH_HOP_DECAY,
        }),
        this.repo.documentsWithoutSimilar(req.docIds),
      ]),
    );
    const [walked, unenriched] = found;
    const pages = walked.map(({ via, ...c }) => ({ ...c, reason: `graph:${via}` }));
    // GRAPH walks NEXT_PAGE too, so without SIMILAR_TO it still works: say so rather than fail.
    if (unenriched.length > 0) {
      warnings.push(
        `no SIMILAR_TO edges in ${namedDocuments(unenriched)}; ` +
          `GRAPH walked NEXT_PAGE, REFERS_TO, CAPTIONS and sections only there. Add semantic edges with: ` +
          `npm run folio -- enrich ${namedIds(unenriched).join(' ')} --stages similar`,
      );
    }
    trace.push(
      `GRAPH: HYBRID seeds (top ${GRAPH_SEEDS}) walked over NEXT_PAGE/SIMILAR_TO (≤ 2 hops), REFERS_TO, CAPTIONS, sections → ` +
        `${pages.length} pages; ${walked.filter((w) => w.via !== 'seed').length} placed by the walk`,
    );
    for (const w of walked.filter((x) => x.via !== 'seed')) {
      trace.push(`  p.${w.pageNumber} ← ${w.via} from p.${w.fromPage} (hop ${w.hop})`);
    }
    return {
      pages,
      reason: 'graph',
      trace,
      steps: walked.map((w, i) => graphStep(w, i, req.query)),
      timings,
      warnings,
      walk: { visited: walked.length, judged: 0, judgeCalls: 0 },
    };
  }
}

const isEvidenceEdge = (via: string): via is EvidenceEdge =>
  (EVIDENCE_EDGES as readonly string[]).includes(via);

/** A GRAPH page as an evidence step: no judge, the walk's own score and the edge that placed the page. */
function graphStep(w: WalkedPageCandidate, index: number, query: string): EvidenceStep {
  const via = isEvidenceEdge(w.via) ? w.via : 'seed';
  return {
    step: index + 1,
    subQuery: query,
    docId: w.docId,
    pageNumber: w.pageNumber,
    via,
    fromPage: via === 'seed' ? null : w.fromPage,
    hop: w.hop,
    verdict: 'NOT_JUDGED',
    score: w.score,
    judge: null,
    reason:
      via === 'seed'
        ? 'HYBRID seed (vector + full-text)'
        : `${w.via} from p.${w.fromPage} (hop ${w.hop}); scored by its own similarity and its seed's, decayed`,
  };
}
