import { asksForSeveral } from '../answer-units';
import type { ExtractiveAnswer, QuotedUnit } from '../extractive-answer';
import { alternativesOf, offeredOptions, optionStated } from './choice-source';
import { kindPhrase, shortSpan } from './short-span';
import { sequenceAsked } from './span-source';
import type { AnswerKind, TypedAnswer } from './typed-answer';
import { typedAnswer } from './typed-answer';
import { readValue, type ReadValue } from './typed-value';
import { scaleOf } from './table-numbers';

// The extractive answer (a quoted sentence or table cell) as a typed answer: the value is read from the quoted unit —
// a number with its unit and the table's scale, a date, or for a name or text the short span that answers — and the
// sentence stays the answer's text.

const NOT_ANSWERABLE = 'Not answerable';
/** "How does the manual define …", "why …", "describe …": a description, which the whole sentence gives. */
const ASKS_DESCRIPTION =
  /\b(?:describe|explain|why)\b|\bdefinition of\b|^\s*define\b|\bhow (?:does|do|did|is|are|can|could|should|to)\b/i;
const FOOTNOTE_MARK = /^[a-f]$/i;

/** An answer that says the evidence does not answer the question: no value, and the kind that was asked for. */
export function notAnswerableAnswer(kind: AnswerKind): TypedAnswer {
  return typedAnswer(kind, NOT_ANSWERABLE);
}

/** The scale printed in the element or its table's description ("(in millions)"). */
function unitScale(unit: QuotedUnit) {
  return scaleOf(`${unit.element.text}\n${unit.element.description ?? ''}`);
}

/** A cell's unit or scale from its column or row label ("Latency (ms)", "Revenue ($ in millions)"). */
function withLabelUnit(read: ReadValue | null, cell: QuotedUnit): ReadValue | null {
  if (!read || read.unit !== null) return read;
  const label = cell.text.slice(0, Math.max(0, cell.text.length - (cell.cellValue?.length ?? 0)));
  const inParens = [...label.matchAll(/\(([^()]{1,24})\)/g)].map((m) => m[1]!.trim());
  const scale = inParens.map((p) => scaleOf(`in ${p.replace(/^\$\s*in\s+/i, '')}`)).find(Boolean) ?? null;
  // "(a)", "(b)": a lone letter early in the alphabet marks a footnote ("Net earnings (a)"), not a unit
  const unit =
    inParens.find(
      (p) => /^(?:%|\$|€|£|[a-zμ°]{2,5}|[g-zμ°]|usd|eur|gbp)$/i.test(p) && !FOOTNOTE_MARK.test(p),
    ) ?? null;
  return {
    ...read,
    unit: unit === '$' ? 'USD' : unit,
    scale: read.unit === '%' ? null : (scale ?? read.scale),
  };
}

/** "4,210 (USD, in millions)": the value as a reader expects it, with what the cell or sentence does not say. */
function shown(read: ReadValue): string {
  const extra: string[] = [];
  if (read.unit && read.unit !== '%' && !read.printed.includes('$') && !read.printed.includes(read.unit))
    extra.push(read.unit);
  if (read.scale && read.scale !== 'units' && !new RegExp(read.scale.slice(0, 4), 'i').test(read.printed))
    extra.push(`in ${read.scale}`);
  return extra.length > 0 ? `${read.printed} (${extra.join(', ')})` : read.printed;
}

/** The quoted text without its page labels ("… [p. 2]"), as a TEXT answer's value. */
const withoutLabels = (text: string) => text.replace(/\s*\[p\. [^\]]+\]/g, '').trim();

/**
 * The typed answer of an extractive answer. A value of the kind asked for is read from the best quoted unit (a
 * cell's own value first); when the unit states none, the answer stays the sentence (TEXT), as it is.
 */
export function typedFromExtractive(
  kind: AnswerKind,
  question: string,
  answered: ExtractiveAnswer,
): TypedAnswer {
  if (!answered.answerable) return notAnswerableAnswer(kind);
  const best = answered.quoted[0];
  const sentence = answered.answer;
  const oneThing = answered.quoted.length === 1 || !asksForSeveral(question);
  if (best && oneThing && (kind === 'TEXT' || kind === 'NAME')) {
    // a comparison between named alternatives is decided by their values (choice-source), not by which one the
    // sentence mentions; an option the question offers ("left or right") is the one the sentence states
    if (alternativesOf(question)) return typedAnswer('TEXT', sentence, { value: withoutLabels(sentence) });
    const options = offeredOptions(question);
    const stated = options ? optionStated(options, best.text) : null;
    if (stated) return typedAnswer(kind, `${stated} — ${sentence}`, { value: stated });
    // "what kind of environment": the phrase of a quoted sentence that names that kind
    const kindOf = answered.quoted.map((q) => kindPhrase(question, q.text)).find((k) => k !== null);
    if (kindOf) return typedAnswer(kind, `${kindOf.span} — ${sentence}`, { value: kindOf.span });
    // a sequence's neighbour is read from the sequence (span-source); a sentence's words after the name are no step
    const span =
      options || sequenceAsked(question) || (kind === 'TEXT' && ASKS_DESCRIPTION.test(question))
        ? null
        : spanOf(question, best);
    // one lower-case word ("indicates", "study") is no name: the sentence stands
    const named = kind !== 'NAME' || !span || !/^\p{Ll}+$/u.test(span);
    if (span && named)
      return typedAnswer(kind, span === withoutLabels(sentence) ? sentence : `${span} — ${sentence}`, {
        value: span,
      });
  }
  // Several quoted units answer several things: one value would drop the others, so the sentences stand.
  if (best && answered.quoted.length === 1 && kind !== 'TEXT' && kind !== 'LIST' && kind !== 'YES_NO') {
    const read =
      (best.cellValue !== null
        ? withLabelUnit(readValue(kind, best.cellValue, question, unitScale(best)), best)
        : null) ?? readValue(kind, best.text, question, unitScale(best));
    if (read) {
      return typedAnswer(kind, `${shown(read)} — ${sentence}`, {
        value: read.value,
        unit: read.unit,
        scale: read.scale,
      });
    }
  }
  return typedAnswer('TEXT', sentence, { value: withoutLabels(sentence) });
}

/**
 * The short value a quoted unit gives a name or text question: a cell's own value, unless the question names that
 * value and asks for its label ("which market has code KX04"); else the sentence's span.
 */
function spanOf(question: string, unit: QuotedUnit): string | null {
  const value = unit.cellValue;
  if (value !== null && !question.toLowerCase().includes(value.toLowerCase()))
    return /\p{L}/u.test(value) ? value : null;
  return shortSpan(question, unit.text)?.span ?? null;
}
