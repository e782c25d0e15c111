import type { EvidenceStep, RetrievalCost } from '../retrieve/evidence-step';
import type { SearchResult } from '../retrieve/retrieve.types';

const EDGE_WORDS: Record<EvidenceStep['via'], string> = {
  seed: 'seed',
  'next-page': 'next page',
  'previous-page': 'previous page',
  similar: 'similar page',
  'refers-to': 'refers to',
  section: 'same section',
  'relates-to': 'relates to',
  captions: 'caption',
};

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** How a step's page was reached, e.g. "next page from p.12 (hop 1)". */
export function reachedBy(step: EvidenceStep): string {
  if (step.via === 'seed') return 'seed';
  return `${EDGE_WORDS[step.via]} from p.${step.fromPage ?? '?'} (hop ${step.hop})`;
}

export function formatCost(cost: RetrievalCost): string {
  const stages = cost.stages.map((s) => `${s.stage} ${s.ms} ms`).join(', ');
  return (
    `Cost: ${cost.judgeCalls} judge call(s), ${cost.llmCalls} LLM call(s) ` +
    `(${cost.promptTokens + cost.completionTokens} tokens), ${cost.pagesVisited} page(s) visited, ` +
    `${cost.pagesJudged} judged; ${cost.totalMs} ms` +
    (stages ? ` (${stages})` : '')
  );
}

/**
 * The evidence chain for people: the walk's steps grouped by sub-query, each with its page, how it was reached,
 * the verdict and the reason; then the cost and the warnings. Flat strategies have no walk: their trace lines.
 */
export function formatEvidence(result: SearchResult): string {
  const lines: string[] = [];
  const docs = new Set(result.steps.map((s) => s.docId));
  const page = (s: EvidenceStep) => (docs.size > 1 ? `${s.docId} p.${s.pageNumber}` : `p.${s.pageNumber}`);
  if (result.steps.length === 0) {
    lines.push(`Trace (${result.strategy}, no walk):`, ...result.trace.map((t) => `  ${t}`));
  } else {
    lines.push(`Evidence chain (${result.strategy}, ${result.steps.length} steps):`);
    const width = Math.max(...result.steps.map((s) => page(s).length));
    const how = Math.max(...result.steps.map((s) => reachedBy(s).length));
    let subQuery: string | null | undefined;
    for (const s of result.steps) {
      if (s.subQuery !== subQuery) {
        subQuery = s.subQuery;
        if (subQuery !== null) lines.push(`  sub-query: "${subQuery}"`);
      }
      const score = s.score === null ? '     ' : s.score.toFixed(3);
      const verdict = s.verdict === 'NOT_JUDGED' ? 'not judged' : s.verdict;
      lines.push(
        `  ${String(s.step).padStart(3)}. ${page(s).padEnd(width)}  ${reachedBy(s).padEnd(how)}  ` +
          `${verdict.padEnd(10)} ${score}  ${oneLine(s.reason, 100)}`,
      );
    }
    const chain = result.steps.filter((s) => s.verdict === 'RELEVANT').map(page);
    if (result.steps.some((s) => s.verdict !== 'NOT_JUDGED'))
      lines.push(`  chain of evidence: ${chain.join(' → ') || 'none'}`);
  }
  lines.push(formatCost(result.cost), ...result.warnings.map((w) => `warning: ${w}`));
  return lines.join('\n');
}
