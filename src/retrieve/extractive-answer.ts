import { Injectable } from '@nestjs/common';
import type { BBox, TableCells } from '../document/document-model';
import {
  ANSWERABILITY_MODEL,
  type AnswerabilityFeatures,
  type AnswerabilityModel,
  answerableProbability,
  strongTypedEvidence,
  type DocumentPageText,
  DocumentVocabulary,
  documentCues,
  questionProper,
} from './answerability';
import { answerKindOf } from './answer/answer-kind';
import type { AnswerKind as TypedKind } from './answer/typed-answer';
import {
  type AnswerUnit,
  asksForSeveral,
  expectedAnswerKind,
  expectsYesNo,
  FURNITURE_KINDS,
  printedPageLabel,
  unitsOf,
} from './answer-units';
import type { AskResult, Citation, SearchResult } from './retrieve.types';
import { contradicted } from './contrast';
import { labelledLines, namesAskedAct, roleAsked } from './label-lines';
import { labelAgreement, numberedLabels } from './answer/numbered-labels';
import {
  BOILERPLATE,
  cellValueOf,
  CONTRADICTED,
  isCell,
  leads,
  matchOf,
  novelty,
  NUMBER_TOKEN,
  OTHER_LABEL,
  questionWords,
  weightOf,
} from './unit-match';

/** Answer kinds that ask for a value (a number, a date, a name), which a unit either holds or does not. */
const VALUE_KINDS: ReadonlySet<TypedKind> = new Set<TypedKind>([
  'NUMBER',
  'PERCENTAGE',
  'DATE',
  'COUNT',
  'NAME',
]);
/** Pages whose elements an offline answer reads (the top of the ranking). */
export const ANSWER_PAGES_READ = 3;
/** Units one answer may quote when the question asks for several things. */
const MAX_UNITS = 3;
/** A further unit must score at least this share of the best one, and hold a question word the others do not. */
const FURTHER_UNIT_SHARE = 0.4;
const MAX_UNIT_CHARS = 400;
/** A second sentence of the best element must score at least this share of the best one. */
const SIBLING_SHARE = 0.7;

/** An element of a page the answer reads (retrieve.repository's AnswerPageElement adds its reading order). */
export interface AnswerElement {
  docId: string;
  pageNumber: number;
  elementId: string;
  kind: string;
  text: string;
  description: string | null;
  bbox: BBox;
  /** A table's cells with their boxes; absent or null when the graph has none (other kinds, older ingests). */
  cells?: TableCells | null;
}

/** A unit the answer quotes: a sentence, or a table cell ("row, column: value"), with the element it is from. */
export interface QuotedUnit {
  text: string;
  /** The cell's value when the unit is a table cell; null for a sentence. */
  cellValue: string | null;
  element: AnswerElement;
}

export type ExtractiveAnswer = Pick<
  AskResult,
  'answerable' | 'mode' | 'format' | 'analysis' | 'citations'
> & {
  /** The quoted sentences with their page labels, or "Not answerable". */
  answer: string;
  /** The units quoted, best first (empty when not answerable). */
  quoted: QuotedUnit[];
};

interface ScoredUnit extends AnswerUnit {
  element: AnswerElement;
  /** What the unit is: a sentence, a table cell ("row, column: value") or a short line beside its label. */
  form: 'sentence' | 'table cell' | 'line beside its label';
  /** Question words the unit holds. */
  present: Set<string>;
  pageRank: number;
  pageScore: number;
  /** Weighted share of the question's words the unit holds. */
  match: number;
  /** The unit holds a value of the kind the question asks for (a number, a name) beyond the question's own. */
  typed: boolean;
  score: number;
}

/** The offline answer before the answerable threshold: its best units and how likely it is to be answerable. */
export interface ComposedAnswer {
  units: ScoredUnit[];
  /** Probability (0–1) that the question is answerable from the document, by the answerability model. */
  confidence: number;
  features: AnswerabilityFeatures;
  labels: Map<string, string>;
}

/** What the answer may read besides the top pages' elements. */
export interface AnswerContext {
  /** Every page of the documents the top pages belong to: the words the document holds anywhere. */
  documentPages?: DocumentPageText[];
  /** The same, already read (the service caches it per document version); takes the place of documentPages. */
  vocabulary?: DocumentVocabulary | null;
  /** Below this answerability probability the answer is "Not answerable" (default: the model's threshold). */
  minConfidence?: number;
  /** The answerability model (default ANSWERABILITY_MODEL; the calibration passes the one it is fitting). */
  model?: AnswerabilityModel;
}

const pageKey = (docId: string, pageNumber: number) => `${docId}#${pageNumber}`;
/** A yes/no answer's verdict is "No" when the sentence that answers is negated. */
const NEGATION = /\b(?:not|no|never|none|neither|nor|cannot|without)\b|n[’']t\b/i;

/**
 * How much a page's units count: a cross-encoder's 0–1 relevance when the pages were re-ranked; else the rank alone
 * (1, 0.65, 0.53), so a lower page's sentence must match clearly better than what the walk's first page holds.
 */
export function pageWeightOf(reranked: boolean, score: number, rank: number): number {
  return reranked ? 0.3 + 0.7 * Math.sqrt(Math.min(Math.max(score, 0), 1)) : 0.3 + 0.7 / (1 + rank);
}

/** A unit cut at a word boundary, never inside a number. */
function clip(text: string): string {
  if (text.length <= MAX_UNIT_CHARS) return text;
  const cut = text.slice(0, MAX_UNIT_CHARS).replace(/\s+\S*$/, '');
  return `${cut} …`;
}

/**
 * The answer without an LLM: within the best pages, the sentence (or table cell with its row and column labels)
 * that best matches the question, cited to its element; a few more only when the question asks for several things.
 */
@Injectable()
export class ExtractiveAnswerer {
  /** Scores every unit of the top pages' elements; `elements` are those pages' elements (search evidence if absent). */
  compose(
    question: string,
    search: SearchResult,
    elements: AnswerElement[],
    context: AnswerContext = {},
  ): ComposedAnswer {
    const words = questionWords(questionProper(question));
    const wordSet = new Set(words);
    const numbersAsked = new Set((question.match(NUMBER_TOKEN) ?? []).map((n) => n.replace(/,/g, '')));
    const kind = expectedAnswerKind(question);
    const role = roleAsked(question);
    const labelsAsked = numberedLabels(question);
    const pages = search.pages.slice(0, ANSWER_PAGES_READ);
    const byPage = new Map<string, AnswerElement[]>();
    for (const e of elements) {
      const key = pageKey(e.docId, e.pageNumber);
      byPage.set(key, [...(byPage.get(key) ?? []), e]);
    }
    const labels = new Map<string, string>();
    const units: ScoredUnit[] = [];
    pages.forEach((page, pageRank) => {
      const key = pageKey(page.docId, page.pageNumber);
      const pageElements =
        byPage.get(key) ??
        page.elements.map((e) => ({
          ...e,
          docId: page.docId,
          pageNumber: page.pageNumber,
          description: null,
        }));
      const label = printedPageLabel(
        page.pageNumber,
        pageElements.filter((e) => FURNITURE_KINDS.has(e.kind)),
      );
      if (label) labels.set(key, label);
      const pageWeight = pageWeightOf(search.reranked, page.score, pageRank);
      const scored = (
        unit: AnswerUnit,
        element: AnswerElement,
        contextShare: number,
        form: ScoredUnit['form'],
        offSeries: boolean,
        answersWhole = false,
      ) => {
        const { share: match, present } = answersWhole
          ? { share: 1, present: wordSet }
          : matchOf(words, unit.matchText);
        if (match === 0) return;
        const added = novelty(unit.text, wordSet, numbersAsked);
        const typed =
          kind === 'number'
            ? added.numbers > 0
            : kind === 'name'
              ? added.names > 0
              : added.words + added.numbers > 0;
        // A unit that only repeats the question ("Source: Survey of U.S. adults…", "To replace the grille:")
        // answers nothing; one without a value of the kind asked for answers less.
        const fit =
          (typed ? 1 : kind === 'other' ? 0.5 : 0.6) *
          (added.words + added.numbers === 0 ? 0.4 : 1) *
          (BOILERPLATE.test(unit.text) ? 0.5 : 1) *
          (contradicted(question, unit.text).length > 0 ? CONTRADICTED : 1) *
          (offSeries ? OTHER_LABEL : 1);
        units.push({
          ...unit,
          element,
          form,
          present,
          pageRank,
          pageScore: page.score,
          match,
          typed,
          score: (0.75 * match + 0.25 * contextShare) * fit * pageWeight,
        });
      };
      let previous = '';
      for (const element of pageElements) {
        if (FURNITURE_KINDS.has(element.kind)) continue;
        // The element's own words and the heading, caption or lead line before it say what its sentences are about.
        const about = `${previous} ${element.text}`;
        const contextShare = matchOf(words, about).share;
        // about another number of a series the question labels ("Unit 7" for "Unit 8"): read once per element
        const offSeries = labelAgreement(labelsAsked, about) === 'other';
        // A heading says what follows; it is context for the answer, not the answer.
        const quotable = element.kind === 'heading' ? [] : unitsOf(element);
        for (const unit of quotable)
          scored(unit, element, contextShare, isCell(unit, element) ? 'table cell' : 'sentence', offSeries);
        previous = leads(element) ? element.text : '';
      }
      // "Jane Doe" printed over "DIRECTOR": the line beside a label made of the question's words answers it
      for (const { label, value } of labelledLines(pageElements, wordSet, role)) {
        const text = value.text.trim();
        const unit = { text, matchText: `${label.text} ${text}`, hasNumber: /\d/.test(text) };
        const whole = namesAskedAct(question, label.text);
        const share = whole ? 1 : matchOf(words, label.text).share;
        const offSeries = labelAgreement(labelsAsked, unit.matchText) === 'other';
        scored(unit, value, share, 'line beside its label', offSeries, whole);
      }
    });
    units.sort((a, b) => b.score - a.score || a.pageRank - b.pageRank);
    const readText = pages
      .flatMap(
        (p): Array<{ text: string; description?: string | null }> =>
          byPage.get(pageKey(p.docId, p.pageNumber)) ?? p.elements,
      )
      .map((e) => `${e.text} ${e.description ?? ''}`)
      .join(' ');
    const read = new Set(pages.map((p) => p.docId));
    const documentPages = context.documentPages?.filter((p) => read.has(p.docId)) ?? [];
    const vocabulary =
      context.vocabulary !== undefined
        ? context.vocabulary
        : documentPages.length > 0
          ? new DocumentVocabulary(documentPages)
          : null;
    const best = units[0];
    const features: AnswerabilityFeatures = {
      bestMatch: best?.match ?? 0,
      bestScore: best?.score ?? 0,
      pagesCoverage: matchOf(words, readText).share,
      ...documentCues(
        question,
        words.map((word) => ({ word, weight: weightOf(word) })),
        vocabulary,
      ),
      typedAnswer: best?.typed ? 1 : 0,
    };
    return { units, confidence: answerableProbability(features, context.model), features, labels };
  }

  answer(
    question: string,
    search: SearchResult,
    elements: AnswerElement[],
    context: AnswerContext = {},
  ): ExtractiveAnswer {
    const minConfidence = context.minConfidence ?? (context.model ?? ANSWERABILITY_MODEL).threshold;
    const notAnswerable = (why: string): ExtractiveAnswer => ({
      answer: 'Not answerable',
      answerable: false,
      mode: 'extractive',
      format: 'None',
      analysis: why,
      citations: [],
      quoted: [],
    });
    if (search.pages.length === 0) return notAnswerable('No page matched the question.');
    const composed = this.compose(question, search, elements, context);
    const best = composed.units[0];
    if (!best)
      return notAnswerable('No sentence or table cell of the top pages shares a word with the question.');
    const strong = strongTypedEvidence(composed.features, VALUE_KINDS.has(answerKindOf(question)));
    if (composed.confidence < minConfidence && !strong) {
      return notAnswerable(
        `The best match ("${clip(best.text)}", p. ${best.element.pageNumber}) has confidence ` +
          `${composed.confidence.toFixed(3)}, below the ${minConfidence} needed to answer.`,
      );
    }
    const chosen = [best];
    // A second sentence of the same element when it matches nearly as well (a definition and its condition), by its
    // own words: under a run-in head every sentence matches through the head
    const sibling = composed.units.find(
      (u) =>
        u.text !== best.text &&
        u.matchText === u.text &&
        u.element.elementId === best.element.elementId &&
        u.score >= SIBLING_SHARE * best.score,
    );
    if (sibling && best.form === 'sentence') chosen.push(sibling);
    if (asksForSeveral(question)) {
      for (const unit of composed.units.slice(1)) {
        if (chosen.length >= MAX_UNITS || unit.score < FURTHER_UNIT_SHARE * best.score) break;
        if (chosen.some((c) => c.text === unit.text)) continue;
        const covered = new Set(chosen.flatMap((c) => [...c.present]));
        if ([...unit.present].every((w) => covered.has(w))) continue;
        chosen.push(unit);
      }
    }
    const pageLabel = (u: ScoredUnit) => {
      const printed = composed.labels.get(pageKey(u.element.docId, u.element.pageNumber));
      return printed ? `p. ${u.element.pageNumber}, printed page ${printed}` : `p. ${u.element.pageNumber}`;
    };
    const citations: Citation[] = chosen.map((u) => ({
      docId: u.element.docId,
      pageNumber: u.element.pageNumber,
      elementId: u.element.elementId,
      bbox: u.element.bbox,
      quote: clip(u.text),
      score: u.pageScore,
      // the answer pipeline names the evidence step of the page (answer-evidence.ts)
      step: null,
    }));
    const quoted = chosen.map((u) => `${clip(u.text)} [${pageLabel(u)}]`).join(' ');
    // A yes/no question gets its verdict first: "no" when the sentence that answers it is negated.
    const verdict = expectsYesNo(question) ? (NEGATION.test(best.text) ? 'No' : 'Yes') : null;
    return {
      answer: verdict ? `${verdict}: ${quoted}` : quoted,
      answerable: true,
      mode: 'extractive',
      format: 'String',
      analysis:
        `Extractive answer: of the top pages' units, the ${best.form} that best matches the question ` +
        `(confidence ${composed.confidence.toFixed(3)}` +
        (composed.confidence < minConfidence
          ? `, answered below the ${minConfidence} threshold: it holds a value of the kind asked and ` +
            `${Math.round(composed.features.bestMatch * 100)} % of the question's words)`
          : ')') +
        (chosen.length > 1
          ? `, and ${chosen.length - 1} more, as the question asks for several things.`
          : '.'),
      citations,
      quoted: chosen.map((u) => ({
        text: clip(u.text),
        cellValue: u.form === 'sentence' ? null : u.form === 'table cell' ? cellValueOf(u.text) : u.text,
        element: u.element,
      })),
    };
  }
}
