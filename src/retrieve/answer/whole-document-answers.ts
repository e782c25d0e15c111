import { Injectable } from '@nestjs/common';
import { pageReferencesOf, resolvePageReferences } from '../named-pages';
import { RetrieveRepository } from '../retrieve.repository';
import type { AskResult, Citation } from '../retrieve.types';
import { searchQueryOf } from '../search-query';
import { countQuestionOf, countStructure } from '../structure-count';
import { notAnswerableAnswer } from './extractive-source';
import { documentFormAsked, formAnswer, formsFound } from './document-forms';
import { labelledParts, partsAsked } from './labelled-parts';
import {
  mentionsAnswer,
  occurrencesOf,
  pagesAsked,
  pagesMentioning,
  patternOf,
  timesAsked,
} from './page-mentions';
import { partTitles, partTitlesAsked, titlesAnswer } from './part-titles';
import { countAnswer, typedAnswer } from './typed-answer';

/** Citations of a count answered from the graph: one per counted item, up to this many. */
const MAX_COUNT_CITATIONS = 30;

/** An answer read from the whole document rather than from a search's evidence. */
export type DocumentAnswer = Omit<AskResult, 'question' | 'search' | 'usage' | 'warnings'>;

/** The document a question is asked of, and its pages a walk judged irrelevant (`docId#page`), never cited. */
interface AskedOf {
  docId: string;
  irrelevant: ReadonlySet<string>;
}

const citable = (doc: AskedOf, pageNumber: number): boolean =>
  !doc.irrelevant.has(`${doc.docId}#${pageNumber}`);

/** A count read from the document graph, cited by the items counted. */
const graphCount = (
  answer: DocumentAnswer['answer'],
  analysis: string,
  citations: Citation[],
): DocumentAnswer => ({ answer, answerable: true, mode: 'graph', format: 'Integer', analysis, citations });

/** A citation of an element read from the graph rather than brought by a search step. */
const graphCitation = (
  docId: string,
  e: Pick<Citation, 'pageNumber' | 'elementId' | 'bbox' | 'quote'>,
): Citation => ({
  docId,
  pageNumber: e.pageNumber,
  elementId: e.elementId,
  bbox: e.bbox,
  quote: e.quote,
  score: 1,
  step: null,
});

/**
 * Questions about the whole document — how many figures it has, on which pages a name is printed, how many times —
 * answered from its graph and its pages' text, with or without an LLM: no top-k of pages holds the answer.
 */
@Injectable()
export class WholeDocumentAnswers {
  constructor(private readonly repo: RetrieveRepository) {}

  /** The answer when the question asks one of these about document `docId`; never cites a page judged irrelevant. */
  async answer(
    question: string,
    docId: string,
    irrelevant: ReadonlySet<string>,
  ): Promise<DocumentAnswer | null> {
    const doc = { docId, irrelevant };
    // mentions before times: "how many times is it mentioned? list the pages" asks for the pages
    for (const read of ['structure', 'parts', 'titles', 'forms', 'mentions', 'times'] as const) {
      const found = await this[read](question, doc);
      if (found) return found;
    }
    return null;
  }

  /**
   * A question that counts one document's figures, tables or charts ("How many figures are in the appendix?") is
   * answered from its graph, with or without an LLM: the pages a search reads cannot hold the whole document's
   * count. Null when the question asks anything else, or the graph cannot scope it (no appendix in the outline).
   */
  private async structure(question: string, doc: AskedOf): Promise<DocumentAnswer | null> {
    const asked = countQuestionOf(searchQueryOf(question).query);
    if (!asked) return null;
    const structure = await this.repo.documentStructure(doc.docId);
    if (!structure) return null;
    const counted = countStructure(asked, structure);
    if (!counted.ok) {
      if (!asked.pages) return null;
      return {
        answer: notAnswerableAnswer('COUNT'),
        answerable: false,
        mode: 'graph',
        format: 'None',
        analysis: counted.reason,
        citations: [],
      };
    }
    const { count, how, evidence } = counted.result;
    const noun = asked.unit === 'pages' ? 'page' : asked.kind;
    return graphCount(
      typedAnswer('COUNT', `${count} ${noun}${count === 1 ? '' : 's'}`, {
        value: String(count),
        unit: `${noun}s`,
      }),
      `Counted in the document graph: ${how}.`,
      // the count is the whole document's, but a page the walk judged irrelevant is never cited
      evidence
        .filter((e) => citable(doc, e.pageNumber))
        .slice(0, MAX_COUNT_CITATIONS)
        .map((e) => graphCitation(doc.docId, e)),
    );
  }

  /**
   * "On which pages is Annex B-7 mentioned?" lists every page of the document that prints the named phrase, each
   * cited by the element that prints it: a search's top pages cannot hold them all. Null when no page prints it.
   */
  private async mentions(question: string, doc: AskedOf): Promise<DocumentAnswer | null> {
    const asked = pagesAsked(question);
    if (!asked) return null;
    const [texts, numbering] = await Promise.all([
      this.repo.documentPageTexts([doc.docId]),
      this.repo.pageNumbering(doc.docId),
    ]);
    const pages = pagesMentioning(texts, asked.pattern);
    if (pages.length === 0) return null;
    // one citation per page: the first element that prints the phrase
    const printing = (await this.printing([asked.pattern], doc, pages)).flat();
    const citations = pages.flatMap((n) => printing.find((c) => c.pageNumber === n) ?? []);
    return { ...mentionsAnswer(asked, pages, numbering), citations };
  }

  /**
   * "How many times does 'Harbour Trust' appear on page 4?": the phrase's occurrences counted in the text of the pages
   * the question names (by printed number first), else of the whole document. Null when no page prints it.
   */
  private async times(question: string, doc: AskedOf): Promise<DocumentAnswer | null> {
    const asked = timesAsked(question);
    if (!asked) return null;
    let only: Set<number> | null = null;
    if (asked.pages.length > 0) {
      const numbering = await this.repo.pageNumbering(doc.docId);
      if (!numbering) return null;
      // one page per reference: "page 4" is the page printed 4 when there is one, not that page and PDF page 4
      only = new Set(
        asked.pages
          .flatMap((ref) => resolvePageReferences([ref], numbering).slice(0, 1))
          .map((p) => p.pageNumber),
      );
    }
    const texts = await this.repo.documentPageTexts([doc.docId]);
    const counted = occurrencesOf(only ? texts.filter((t) => only.has(t.pageNumber)) : texts, asked.phrase);
    if (counted.length === 0) return null;
    const total = counted.reduce((sum, p) => sum + p.count, 0);
    const pages = counted.map((p) => p.pageNumber);
    const printing = (await this.printing([asked.phrase], doc, pages)).flat();
    const where = counted.map((p) => `p. ${p.pageNumber} (${p.count})`).join(', ');
    return graphCount(
      typedAnswer(
        'COUNT',
        `${total} — "${asked.phrase}" is printed ${total === 1 ? 'once' : `${total} times`}: ${where}`,
        { value: String(total), unit: 'times' },
      ),
      `Counted "${asked.phrase}" in the text of ${only ? 'the pages the question names' : 'every page of the document'}: ${where}.`,
      printing.slice(0, MAX_COUNT_CITATIONS),
    );
  }

  /**
   * "How many appendices does the report have?": the distinct labels (Appendix A, B, …) that open a line of the
   * document's text, as its headings and contents list print them. Null when fewer than two are printed so.
   */
  private async parts(question: string, doc: AskedOf): Promise<DocumentAnswer | null> {
    const asked = partsAsked(question);
    if (!asked) return null;
    const { part, mentions } = asked;
    const found = labelledParts(await this.repo.documentPageTexts([doc.docId]), asked);
    if (found.length < 2) return null;
    const names = found.map((f) => `${part[0]!.toUpperCase()}${part.slice(1)} ${f.label}`);
    // each label cited once, on the first page that prints it
    const citations = await this.citeEach(
      names.map((phrase, i) => ({ phrase, pageNumber: found[i]!.pageNumber })),
      doc,
    );
    const plural = part === 'appendix' ? 'appendices' : `${part}s`;
    return graphCount(
      countAnswer(names, `${found.length} ${plural}: ${names.join(', ')}`, plural),
      mentions
        ? `Counted the distinct ${part} labels the document's text mentions: ${names.join(', ')}.`
        : `Counted the distinct ${part} labels that open a line of the document's text (its headings and contents list): ${names.join(', ')}.`,
      citations,
    );
  }

  /**
   * "What are the names of Unit 1 and Unit 2?": each labelled part's title, from the first line of the document that
   * opens with its label (part-titles.ts). Null unless every part asked for is found.
   */
  private async titles(question: string, doc: AskedOf): Promise<DocumentAnswer | null> {
    const asked = partTitlesAsked(question);
    if (asked.length === 0) return null;
    const found = partTitles(await this.repo.documentPageTexts([doc.docId]), asked);
    if (found.length < asked.length) return null;
    const citations = await this.citeEach(
      found.map((f) => ({ phrase: f.line, pageNumber: f.pageNumber })),
      doc,
    );
    return { ...titlesAnswer(found), citations };
  }

  /**
   * "What is the web link to this paper?" gives the first link the document prints; "How many websites does the guide
   * list?" counts the distinct ones, on the pages the question names if it names any (document-forms.ts).
   */
  private async forms(question: string, doc: AskedOf): Promise<DocumentAnswer | null> {
    const asked = documentFormAsked(question);
    if (!asked) return null;
    const refs = pageReferencesOf(question);
    const [texts, numbering] = await Promise.all([
      this.repo.documentPageTexts([doc.docId]),
      refs.length > 0 ? this.repo.pageNumbering(doc.docId) : null,
    ]);
    const named = new Set(numbering ? resolvePageReferences(refs, numbering).map((p) => p.pageNumber) : []);
    const found = formsFound(asked, texts, named);
    if (found.values.length === 0) return null;
    const citations = await this.citeEach(
      found.values.slice(0, MAX_COUNT_CITATIONS).map((f) => ({ phrase: f.value, pageNumber: f.pageNumber })),
      doc,
    );
    return { ...formAnswer(asked, found), citations };
  }

  /** Each phrase cited once, by the first element of its page that prints it (none on a page judged irrelevant). */
  private async citeEach(
    printed: Array<{ phrase: string; pageNumber: number }>,
    doc: AskedOf,
  ): Promise<Citation[]> {
    const pages = printed.map((p) => p.pageNumber);
    const printing = await this.printing(
      printed.map((p) => p.phrase),
      doc,
      pages,
    );
    return printing.flatMap((c, i) => c.filter((x) => x.pageNumber === pages[i]).slice(0, 1));
  }

  /**
   * For each phrase, the elements of these pages that print it, cited (a long one by the phrase alone), none on a
   * page judged irrelevant; the pages' elements are read once for all the phrases.
   */
  private async printing(
    phrases: Array<string | RegExp>,
    doc: AskedOf,
    pages: number[],
  ): Promise<Citation[][]> {
    const elements = await this.repo.answerPageElements(
      [...new Set(pages)].map((pageNumber) => ({ docId: doc.docId, pageNumber })),
    );
    return phrases.map((phrase) => {
      const pattern = patternOf(phrase);
      return elements
        .filter((e) => pattern.test(e.text) && citable(doc, e.pageNumber))
        .map((e) =>
          graphCitation(doc.docId, {
            ...e,
            quote: e.text.length > 160 ? (pattern.exec(e.text)?.[0] ?? e.text) : e.text,
          }),
        );
    });
  }
}
