import { EVIDENCE_EDGES, type EvidenceEdge, type EvidenceStep } from '../evidence-step';
import type { WalkResult } from '../walk-log';
import type { WalkStep } from '../walk-step';
import type { Ranking } from './ranker';

/** A DMAP or G2 walk as a ranking: its pages, its steps as evidence, the pages it visited and judged. */
export function walkRanking(walked: WalkResult, reason: string): Ranking {
  return {
    pages: walked.pages,
    reason,
    trace: walked.trace,
    steps: walked.steps.map(evidenceStepOf),
    timings: walked.timings,
    warnings: [],
    walk: {
      visited: new Set(walked.steps.map((s) => `${s.docId}:${s.pageNumber}`)).size,
      judged: walked.steps.filter((s) => s.verdict !== null).length,
      judgeCalls: 0,
    },
  };
}

/** A DMAP/G2 walk step in the evidence-chain shape every walking strategy returns. */
function evidenceStepOf(step: WalkStep, index: number): EvidenceStep {
  return {
    step: index + 1,
    subQuery: step.subQuery,
    docId: step.docId,
    pageNumber: step.pageNumber,
    via: evidenceEdgeOf(step),
    fromPage: step.fromPage,
    hop: step.hop,
    verdict: step.verdict ?? 'NOT_JUDGED',
    score: step.score,
    judge: step.verdict ? 'cross-encoder' : null,
    // The entry path (structure / text / visual / gap) is kept in the reason when the edge is a seed.
    reason:
      evidenceEdgeOf(step) === 'seed' && step.via !== 'seed' ? `${step.via}: ${step.reason}` : step.reason,
  };
}

function evidenceEdgeOf(step: WalkStep): EvidenceEdge {
  if ((EVIDENCE_EDGES as readonly string[]).includes(step.via)) return step.via as EvidenceEdge;
  if (step.via === 'next-element' || step.via === 'previous-element') {
    if (step.fromPage !== null && step.fromPage > step.pageNumber) return 'previous-page';
    if (step.fromPage !== null && step.fromPage < step.pageNumber) return 'next-page';
    return 'relates-to';
  }
  return 'seed';
}
