import type { GradeInput, GradeReply } from '../prompts/grade.prompt';
import { tokenize } from './text-stats';

const PARTIAL_F1 = 0.5;

/** Normalised match: containment → correct, token F1 ≥ 0.5 → partial, else wrong; numbers compared as numbers. */
export function offlineGrade(input: GradeInput): GradeReply {
  const reference = normalise(input.reference);
  const candidate = normalise(input.candidate);
  if (!candidate) return { verdict: 'wrong', reason: 'offline: empty answer' };
  if (reference === candidate || (reference.length > 0 && ` ${candidate} `.includes(` ${reference} `))) {
    return { verdict: 'correct', reason: 'offline: the answer contains the reference' };
  }
  const refNumbers = numbers(input.reference);
  const candNumbers = numbers(input.candidate);
  if (refNumbers.length > 0 && refNumbers.every((r) => candNumbers.some((c) => closeTo(r, c)))) {
    return { verdict: 'correct', reason: 'offline: the reference numbers appear in the answer' };
  }
  const f1 = tokenF1(reference.split(' '), candidate.split(' '));
  return f1 >= PARTIAL_F1
    ? { verdict: 'partial', reason: `offline: token F1 ${f1.toFixed(2)}` }
    : { verdict: 'wrong', reason: `offline: token F1 ${f1.toFixed(2)}` };
}

function normalise(text: string): string {
  return tokenize(text)
    .filter((w) => !['a', 'an', 'the'].includes(w))
    .join(' ');
}

function numbers(text: string): number[] {
  return (text.match(/-?\d[\d,]*(?:\.\d+)?/g) ?? [])
    .map((n) => Number(n.replace(/,/g, '')))
    .filter(Number.isFinite);
}

function closeTo(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(1e-9, Math.abs(a) * 0.01);
}

function tokenF1(reference: string[], candidate: string[]): number {
  const counts = new Map<string, number>();
  for (const t of reference) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of candidate) {
    const left = counts.get(t) ?? 0;
    if (left > 0) {
      common += 1;
      counts.set(t, left - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / candidate.length;
  const recall = common / reference.length;
  return (2 * precision * recall) / (precision + recall);
}
