import { questionOpening } from '../answer-units';
import { metricFor } from './defined-formula';
import { metricSource } from './metric-source';
import type { CandidateSource } from './typed-answer';

// A yes/no question about a statement metric ("Does the company have positive working capital?", "Is its liquidity
// healthy based on its quick ratio?") is answered by computing the metric and reading it as an analyst does: a
// sign for "positive"/"negative"; for liquidity ratios, the textbook line of 1.0 (current assets or quick assets
// covering current liabilities). The computed value and its formula are shown and its cells cited.

const YES_NO_FORM = /^\s*(?:does|do|did|is|are|was|were|has|have|had)\b/i;
const SIGN =
  /\b(positive|negative)\s+(?:[a-z-]+\s+){0,2}?(?:working capital|free cash flows?|cash flows?|margins?|income|earnings|ebitda|equity)\b/i;
const LIQUIDITY =
  /\b(?:healthy|strong|sound|adequate|sufficient|good|solid|comfortable)\b[^?]*\bliquidity\b|\bliquidity\b[^?]*\b(?:healthy|strong|sound|adequate|sufficient|good|solid|comfortable)\b/i;
const LIQUIDITY_RATIOS = new Set(['current-ratio', 'quick-ratio']);

interface Verdict {
  yes: boolean;
  rule: string;
}

function verdictOf(question: string, metricId: string, value: number): Verdict | null {
  const sign = SIGN.exec(question);
  if (sign) {
    const positive = sign[1]!.toLowerCase() === 'positive';
    return {
      yes: positive ? value > 0 : value < 0,
      rule: `${positive ? 'positive' : 'negative'} means ${positive ? 'above' : 'below'} zero`,
    };
  }
  if (LIQUIDITY.test(question) && LIQUIDITY_RATIOS.has(metricId))
    return { yes: value >= 1, rule: 'a ratio of 1.0 or more covers current liabilities' };
  return null;
}

export const metricVerdictSource: CandidateSource = (evidence) => {
  if (!YES_NO_FORM.test(questionOpening(evidence.question))) return null;
  const computed = metricSource({ ...evidence, kind: 'NUMBER' });
  if (!computed?.answer.value) return null;
  const value = Number(computed.answer.value);
  const verdict = verdictOf(evidence.question, metricFor(evidence.question)?.id ?? '', value);
  if (!Number.isFinite(value) || !verdict) return null;
  const answer = verdict.yes ? 'Yes' : 'No';
  return {
    answer: {
      ...computed.answer,
      text: `${answer} — ${computed.answer.text}`,
      kind: 'YES_NO',
      value: answer,
    },
    citations: computed.citations,
    analysis: `${computed.analysis} Read as yes/no: ${verdict.rule}.`,
  };
};
