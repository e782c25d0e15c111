import { contentTerms, lexicalOverlap } from '../../llm/offline/text-stats';

// G²-Reader's evidence checker, offline: does what the readout found cover the sub-question's terms and every
// number it names? The gaps are the missing ones, which the next refinement round searches for.

/** Share of the sub-question's content words the evidence must contain (as the LLM check's offline fallback). */
export const G2_TERM_COVERAGE = 0.75;

export interface EvidenceVerdict {
  sufficient: boolean;
  /** Missing terms and numbers, as the sub-question spells them. */
  gaps: string[];
  coverage: number;
}

export function checkEvidence(question: string, evidence: string[]): EvidenceVerdict {
  const text = evidence.join('\n');
  const { missing, coverage } = lexicalOverlap(question, text);
  const present = new Set(contentTerms(text));
  const numbers = [...new Set(contentTerms(question).filter((t) => /^\d/.test(t)))];
  const missingNumbers = numbers.filter((n) => !present.has(n));
  const sufficient = evidence.length > 0 && coverage >= G2_TERM_COVERAGE && missingNumbers.length === 0;
  return { sufficient, gaps: sufficient ? [] : missing, coverage };
}
