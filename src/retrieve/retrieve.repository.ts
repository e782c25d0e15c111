import { Injectable } from '@nestjs/common';
import type { ElementEvidence } from './retrieve.types';
import type { DocumentPageText } from './answerability';
import type { AnswerElement } from './extractive-answer';
import type { DocumentStructure } from './structure-count';
import {
  type FinancialStatement,
  statementName,
  statementsAskedFor,
  statementTitlePattern,
} from './financial-statements';
import type { CaptionLabel, DocumentPageNumbering } from './named-pages';
import { CypherRepository } from '../graph/cypher-repository';
import type { Params } from '../graph/graph-executor';

export interface PageCandidate {
  docId: string;
  pageNumber: number;
  score: number;
  elements: ElementEvidence[];
}

export interface WalkedPageCandidate extends PageCandidate {
  hop: number;
  /** seed, next-page, previous-page, similar, refers-to, captions, section */
  via: string;
  fromPage: number | null;
}

/** TRACE judge input for one page: its passages nearest the sub-query, its whole text, the elements they cover. */
export interface PageJudgeText {
  docId: string;
  pageNumber: number;
  bestText: string;
  pageText: string;
  elements: ElementEvidence[];
}

export type NeighbourEdge = 'next-page' | 'previous-page' | 'similar' | 'refers-to';

export interface PageNeighbour {
  docId: string;
  pageNumber: number;
  toDocId: string;
  toPage: number;
  via: NeighbourEdge;
  score: number;
}

export type PageRef = { docId: string; pageNumber: number };

/** One element of a page an offline answer reads, with its place in reading order; `cells` null when it has none. */
export interface AnswerPageElement extends Required<AnswerElement> {
  order: number;
}

type AnswerPageElementRow = Omit<AnswerPageElement, 'cells'> & {
  cellRows: number[] | null;
  cellCols: number[] | null;
  cellTexts: string[] | null;
  cellBoxes: number[] | null;
};

export interface CandidateQuery {
  embedding: number[];
  docIds: string[] | null;
  candidates: number;
  k: number;
  perPage: number;
}

/** A candidate query fused with full text: its Lucene query, the named statements' pages at rank 1, RRF's k. */
export interface FusionQuery extends CandidateQuery {
  /** Pages of the financial statements the question names (statementPages): they join the fusion at rank 1. */
  statementPages: PageRef[];
  luceneQuery: string | null;
  rrfK: number;
}

/**
 * Weight of the whole-page full-text ranking in hybrid fusion: at 1, beside the passage vector and full-text sides,
 * lexical evidence outvoted the dense side two to one (dev results: docs/measurements.md, "Moved from code comments"). */
export const HYBRID_PAGE_TEXT_WEIGHT = 0.5;
/**
 * Weight of a page's head vector (its opening words embedded, pageHeadText) beside its best passage in VECTOR's page
 * score, the best of the weights tried on the dev set (docs/measurements.md, "Page heads").
 */
export const VECTOR_PAGE_HEAD_WEIGHT = 0.3;
/**
 * k of reciprocal-rank fusion wherever Folio fuses rankings. Each side ranks at most ~60 passages of one document,
 * and at the customary 60 rank 1 and rank 20 scored almost alike (docs/measurements.md, "Rank fusion"). */
export const RRF_K = 10;
/**
 * Weight of the pages of a financial statement the question asks for (financial-statements.ts) in the same fusion: each
 * such page adds weight / (RRF_K + 1), as if ranked first by a ranking of its own. See docs/measurements.md, "Named
 * statements".
 */
export const STATEMENT_PAGE_WEIGHT = 2;

/** The retrieval queries in cypher/retrieve/: each strategy's ranking is computed inside Neo4j. */
@Injectable()
export class RetrieveRepository extends CypherRepository {
  private readonly q = this.queries('retrieve', {
    vector: 'vector-pages',
    hybrid: 'hybrid-pages',
    graphWalk: 'graph-walk-pages',
    passages: 'page-passages',
    summaryTree: 'summary-tree-pages',
    bestPassages: 'page-best-passages',
    seedWindows: 'trace-seed-windows',
    neighbours: 'page-neighbours',
    withoutSimilar: 'documents-without-similar',
    answerElements: 'answer-page-elements',
    documentPageTexts: 'document-page-texts',
    documentVersions: 'document-versions',
    statementPages: 'statement-pages',
    pageNumbering: 'document-page-numbering',
    namedPages: 'named-pages',
    captionedPages: 'captioned-pages',
    documentStructure: 'document-structure',
  });

  /** VECTOR; `hasHead` false: the page was stored before page heads and scored by its best passage alone. */
  async vectorPages(query: CandidateQuery): Promise<Array<PageCandidate & { hasHead: boolean }>> {
    return this.graph.read(this.q.vector, { ...query, headWeight: VECTOR_PAGE_HEAD_WEIGHT });
  }

  async hybridPages(query: FusionQuery & { aggregate: 'max' | 'sum' }): Promise<PageCandidate[]> {
    return this.graph.read<PageCandidate>(this.q.hybrid, this.weighted(query));
  }

  /**
   * The pages of the financial statements the question names or whose metrics it asks for (statementsAskedFor); none
   * when there are none or the search is not scoped to documents (every filing in a corpus has a balance sheet: the
   * name alone does not say whose).
   */
  async statementPages(question: string, docIds: string[] | null): Promise<PageRef[]> {
    const title = statementTitlePattern(statementsAskedFor(question));
    if (!title || !docIds || docIds.length === 0) return [];
    return this.graph.read<PageRef>(this.q.statementPages, { docIds, titlePattern: `(?is)${title}` });
  }

  /**
   * The pages of each financial statement the question names outright (statementsNamed), labelled "balance sheet"
   * and so on, in page order within a statement: a document part the question names, like a figure or a page.
   */
  async namedStatementPages(
    docId: string,
    statements: FinancialStatement[],
  ): Promise<Array<{ label: string; pageNumber: number }>> {
    const perStatement = await Promise.all(
      statements.map(async (statement) => {
        const titlePattern = `(?is)${statementTitlePattern([statement])}`;
        const pages = await this.graph.read<PageRef>(this.q.statementPages, {
          docIds: [docId],
          titlePattern,
        });
        return pages.map((p) => ({ label: statementName(statement), pageNumber: p.pageNumber }));
      }),
    );
    return perStatement.flat();
  }

  /** A READY document's captions, figure/table/chart regions and outline, to count them; null when there is none. */
  async documentStructure(docId: string): Promise<DocumentStructure | null> {
    const [row] = await this.graph.read<DocumentStructure>(this.q.documentStructure, { docId });
    return row ?? null;
  }

  /** A READY document's page count and running headers and footers; null when there is no such document. */
  async pageNumbering(docId: string): Promise<DocumentPageNumbering | null> {
    const [row] = await this.graph.read<DocumentPageNumbering>(this.q.pageNumbering, { docId });
    return row ?? null;
  }

  /** The pages holding the captions of the figures and tables a question names; a label without one is left out. */
  async captionedPages(
    docId: string,
    labels: CaptionLabel[],
  ): Promise<Array<{ label: string; pageNumber: number }>> {
    return this.graph.read(this.q.captionedPages, { docId, labels });
  }

  /** The pages a question names as hits, in the order given, their evidence the passages nearest the question. */
  async namedPages(query: {
    docId: string;
    pageNumbers: number[];
    embedding: number[];
    perPage: number;
  }): Promise<PageCandidate[]> {
    return this.graph.read<PageCandidate>(this.q.namedPages, query);
  }

  /** GRAPH: HYBRID seeds walked over the page graph, references, captions and sections in one query. */
  async graphWalkPages(
    query: FusionQuery & { seeds: number; walkWeight: number; hopDecay: number },
  ): Promise<WalkedPageCandidate[]> {
    // Seeds are scored as HYBRID scores pages: the whole-page full text and named statements at the same weights.
    return this.graph.read<WalkedPageCandidate>(this.q.graphWalk, this.weighted(query));
  }

  /**
   * SUMMARY_TREE: the collapsed tree's nodes (enrich `tree` stage) mapped to pages, fused with HYBRID's lexical sides
   * at HYBRID's weights.
   */
  async summaryTreePages(query: FusionQuery): Promise<PageCandidate[]> {
    return this.graph.read<PageCandidate>(this.q.summaryTree, this.weighted(query));
  }

  async pagePassages(
    pages: Array<{ docId: string; pageNumber: number }>,
  ): Promise<Array<{ docId: string; pageNumber: number; text: string }>> {
    return this.graph.read(this.q.passages, { pages });
  }

  /** The offline answer: every element of these pages, in reading order. */
  async answerPageElements(pages: PageRef[]): Promise<AnswerPageElement[]> {
    const rows = await this.graph.read<AnswerPageElementRow>(this.q.answerElements, { pages });
    return rows.map(({ cellRows, cellCols, cellTexts, cellBoxes, ...element }) => ({
      ...element,
      cells:
        cellRows && cellCols && cellTexts && cellBoxes
          ? { rows: cellRows, cols: cellCols, texts: cellTexts, boxes: cellBoxes }
          : null,
    }));
  }

  /** The offline answer's "Not answerable" cues: every page's text of these documents. */
  async documentPageTexts(docIds: string[]): Promise<DocumentPageText[]> {
    return this.graph.read<DocumentPageText>(this.q.documentPageTexts, { docIds });
  }

  /** Each stored document's version (when it was last ingested); unknown ids are left out. */
  async documentVersions(docIds: string[]): Promise<Array<{ docId: string; version: string }>> {
    return this.graph.read(this.q.documentVersions, { docIds });
  }

  /** TRACE: each page's passages nearest `embedding` (the judge reads them), its text and the elements they cover. */
  async pageBestPassages(query: {
    pages: PageRef[];
    embedding: number[];
    perPage: number;
    maxChars: number;
  }): Promise<PageJudgeText[]> {
    return this.graph.read<PageJudgeText>(this.q.bestPassages, { ...query });
  }

  /** TRACE seed round: pageBestPassages for several sub-queries at once, each page nearest its own sub-query. */
  async seedWindows(query: {
    pages: Array<PageRef & { query: number }>;
    embeddings: number[][];
    perPage: number;
    maxChars: number;
  }): Promise<Array<PageJudgeText & { query: number }>> {
    return this.graph.read<PageJudgeText & { query: number }>(this.q.seedWindows, { ...query });
  }

  /** TRACE: next/previous pages, the top `similarK` SIMILAR_TO pages and REFERS_TO target pages of each page. */
  async pageNeighbours(query: { pages: PageRef[]; similarK: number }): Promise<PageNeighbour[]> {
    return this.graph.read<PageNeighbour>(this.q.neighbours, { ...query });
  }

  /** READY documents in scope (null = all) on which the enrich `similar` stage never ran. */
  async documentsWithoutSimilar(docIds: string[] | null): Promise<string[]> {
    const rows = await this.graph.read<{ docId: string }>(this.q.withoutSimilar, { docIds });
    return rows.map((r) => r.docId);
  }

  /** A fused query's parameters (its own extras included) with the full-text sides weighted as HYBRID weighs them. */
  private weighted(query: FusionQuery): Params {
    return { ...query, pageTextWeight: HYBRID_PAGE_TEXT_WEIGHT, statementPageWeight: STATEMENT_PAGE_WEIGHT };
  }
}
