import { Injectable } from '@nestjs/common';
import type * as stage from '../enrich-stage';
import { sectionFields } from '../../document/document-model';
import { inferOutline, type InferredSection } from './infer-outline';
import {
  SummariesRepository,
  type InferredSectionRow,
  type SummaryElementRow,
  type SummarySectionRow,
  type SummaryWriteRow,
} from './summaries.repository';
import { StageModels } from '../stage-models';
import { StageSummariser, summariseEstimate } from './stage-summariser';

/** Characters of source text one summary reads (the prompt clips at 12 000 too). */
const SOURCE_CHARS = 12_000;
const FURNITURE = new Set(['page-header', 'page-footer']);

/** The text an element contributes to summaries: its text, plus a table's or figure's textual rendering. */
export function elementText(e: Pick<SummaryElementRow, 'text' | 'description'>): string {
  const text = (e.text ?? '').trim();
  const description = (e.description ?? '').trim();
  return description && description !== text ? `${text}\n${description}`.trim() : text;
}

/**
 * DMAP / MMRAG-DocQA summaries per page, section (bottom-up) and document, embedded for the summary index; a document
 * without an outline or headings first gets an inferred one (`source: 'inferred'`). A run replaces the previous one. */
@Injectable()
export class SummariesStage implements stage.EnrichStage {
  readonly name = 'summaries' as const;

  constructor(
    private readonly repo: SummariesRepository,
    private readonly models: StageModels,
  ) {}

  async estimate(docId: string, mode: stage.EnrichMode): Promise<stage.EnrichStageEstimate> {
    const { pages, sections, chars } = await this.repo.estimateInputs(docId);
    const calls = this.models.usesLlm(mode) ? pages + sections + 1 : 0;
    // Pages read the text once; sections read it again (through their elements); the document reads summaries.
    return summariseEstimate(
      calls,
      Math.ceil(chars / 4) * 2,
      `${pages} pages + ${sections} sections (+ inferred ones) + 1 document`,
    );
  }

  async clear(docId: string): Promise<void> {
    await this.repo.clearSummaries(docId);
    await this.repo.clearInferredOutline(docId);
  }

  async run(docId: string, ctx: stage.EnrichStageContext): Promise<stage.EnrichStageResult> {
    const summariser = new StageSummariser(this.models, ctx);
    const [pages, elements] = await Promise.all([this.repo.listPages(docId), this.repo.listElements(docId)]);
    await this.clear(docId);

    const sources = await this.repo.sectionSources(docId);
    let inferred = 0;
    // Only a document with no outline at all infers one: heading sections are its outline, never doubled.
    if (!sources['outline'] && !sources['headings']) {
      inferred = await this.writeInferredOutline(docId, elements);
    }
    const sections = await this.repo.listSections(docId);
    const textOf = new Map(elements.map((e) => [e.id, elementText(e)]));
    const total = pages.length + sections.length + 1;
    let done = 0;
    const rows: Array<Omit<SummaryWriteRow, 'embedding'>> = [];

    // Pages (DMAP page summaries).
    const byPage = new Map<number, string[]>();
    for (const e of elements) {
      if (FURNITURE.has(e.kind)) continue;
      const text = textOf.get(e.id);
      if (text) byPage.set(e.pageNumber, [...(byPage.get(e.pageNumber) ?? []), text]);
    }
    const pageSummary = new Map<number, string>();
    for (const page of pages) {
      ctx.signal?.throwIfAborted();
      const text = (byPage.get(page.number) ?? []).join('\n');
      if (text.trim()) {
        const reply = await summariser.summarise({ kind: 'page', text, maxChars: SOURCE_CHARS });
        pageSummary.set(page.number, reply.summary);
        rows.push({
          id: `${docId}:sum:p${page.number}`,
          kind: 'page',
          level: 0,
          text: reply.summary,
          keywords: reply.keywords,
          source: reply.source,
          targetId: page.id,
        });
      }
      ctx.progress(++done, total, `page ${page.number}`);
    }

    // Sections bottom-up: a parent reads its own elements and its children's summaries.
    const sectionSummary = new Map<string, string>();
    const children = new Map<string, SummarySectionRow[]>();
    for (const s of sections)
      if (s.parentId) children.set(s.parentId, [...(children.get(s.parentId) ?? []), s]);
    for (const section of [...sections].sort((a, b) => b.level - a.level || a.order - b.order)) {
      ctx.signal?.throwIfAborted();
      const own = section.elementIds.map((id) => textOf.get(id) ?? '').filter(Boolean);
      const below = (children.get(section.id) ?? [])
        .sort((a, b) => a.order - b.order)
        .map((c) => sectionSummary.get(c.id))
        .filter((t): t is string => !!t);
      const text = [...own, ...below].join('\n');
      if (text.trim()) {
        const reply = await summariser.summarise({
          kind: 'section',
          title: section.title,
          text,
          maxChars: SOURCE_CHARS,
        });
        sectionSummary.set(section.id, reply.summary);
        rows.push({
          id: `${docId}:sum:s:${section.id}`,
          kind: 'section',
          level: section.level,
          text: reply.summary,
          keywords: reply.keywords,
          source: reply.source,
          targetId: section.id,
        });
      }
      ctx.progress(++done, total, `section ${section.title}`);
    }

    // The document: from the top of its primary outline (PDF outline > inferred > headings), else its pages.
    const tops = primaryTopSections(sections)
      .map((s) => sectionSummary.get(s.id))
      .filter((t): t is string => !!t);
    const documentText = (tops.length ? tops : pages.map((p) => pageSummary.get(p.number) ?? '')).join('\n');
    if (documentText.trim()) {
      const reply = await summariser.summarise({
        kind: 'document',
        text: documentText,
        maxChars: SOURCE_CHARS,
      });
      rows.push({
        id: `${docId}:sum:doc`,
        kind: 'document',
        level: 0,
        text: reply.summary,
        keywords: reply.keywords,
        source: reply.source,
        targetId: docId,
      });
    }
    ctx.progress(total, total, 'embedding summaries');
    summariser.flushWarnings('page/section/document');

    const vectors = await this.models.embedder.embedPassages(rows.map((r) => r.text));
    const written = await this.repo.writeSummaries(
      docId,
      rows.map((r, i) => ({ ...r, embedding: vectors[i] ? Array.from(vectors[i]) : null })),
    );
    const count = (kind: SummaryWriteRow['kind']) => rows.filter((r) => r.kind === kind).length;
    return {
      counts: {
        summaries: written,
        pageSummaries: count('page'),
        sectionSummaries: count('section'),
        documentSummaries: count('document'),
        inferredSections: inferred,
        llmCalls: summariser.calls,
      },
    };
  }

  /** DMAP's progressive outline, written as `source: 'inferred'` Sections; returns how many. */
  private async writeInferredOutline(docId: string, elements: SummaryElementRow[]): Promise<number> {
    const outline = inferOutline(
      elements.map((e) => ({
        id: e.id,
        pageNumber: e.pageNumber,
        kind: e.kind,
        text: elementText(e),
        headingLevel: e.headingLevel,
        vector: e.embedding,
      })),
    );
    if (outline.length === 0) return 0;
    const vectors = await this.models.embedder.embedPassages(outline.map((s) => s.path));
    const id = (s: InferredSection | undefined) => (s ? `${docId}:inf${s.order}` : null);
    const rows: InferredSectionRow[] = outline.map((s, i) => ({
      id: id(s)!,
      parentId: s.parentOrder === null ? null : id(outline[s.parentOrder]),
      ...sectionFields(s),
      elementIds: s.elementIds,
      embedding: vectors[i] ? Array.from(vectors[i]) : null,
    }));
    await this.repo.writeInferredOutline(docId, rows);
    return rows.length;
  }
}

/** Top-level sections of the outline that best describes the document. */
function primaryTopSections(sections: SummarySectionRow[]): SummarySectionRow[] {
  for (const source of ['outline', 'inferred', 'headings']) {
    const tops = sections.filter((s) => s.source === source && s.parentId === null);
    if (tops.length) return tops.sort((a, b) => a.order - b.order);
  }
  return sections.filter((s) => s.parentId === null).sort((a, b) => a.order - b.order);
}
