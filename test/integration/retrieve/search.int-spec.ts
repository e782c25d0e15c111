// Search and ask on the real Neo4j with real embeddings and the real cross-encoder, over the sample report and a
// second document, so scoping is tested against a corpus that holds more than the scoped document.
import { DocumentErrorCode } from '../../../src/document/document.errors';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { formatAnswer } from '../../../src/cli/search-format';
import { quoteGrounded } from '../../../src/eval/answer-trust';
import { PROJECT_ROOT } from '../../../src/common/local-paths';
import { cosine } from '../../../src/common/cosine';
import { EMBEDDER } from '../../../src/embed/embed.tokens';
import type { Embedder } from '../../../src/embed/embedder';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { RetrieveRepository, VECTOR_PAGE_HEAD_WEIGHT } from '../../../src/retrieve/retrieve.repository';
import { PAGE_TEXT_CHARS } from '../../../src/retrieve/trace/trace-judging';
import { RetrieveErrorCode } from '../../../src/retrieve/retrieve.errors';
import { STRATEGIES } from '../../../src/retrieve/retrieve.types';
import { createIngestContext, fixture, IngestContext } from '../../support/ingest-context';

describe('search and ask', () => {
  let ctx: IngestContext;
  let sample: string;
  let other: string;

  beforeAll(async () => {
    ctx = await createIngestContext();
    sample = `${ctx.runId}-sample`;
    other = `${ctx.runId}-other`;
    await ctx.ingest.ingest(fixture('pdf', 'sample-report.pdf'), {
      fileName: 'sample-report.pdf',
      docId: sample,
    });
    await ctx.ingest.ingest(fixture('ocr', 'scanned-page.pdf'), {
      fileName: 'scanned-page.pdf',
      docId: other,
    });
  });
  afterAll(async () => {
    for (const id of [sample, other]) await ctx.ingest.deleteDocument(id).catch(() => undefined);
    await ctx.close();
  });

  // DMAP and G2 need enrichment this document does not have (walks.int-spec.ts enriches its own and tests them).
  const unenriched = STRATEGIES.filter((s) => s !== 'DMAP' && s !== 'G2');
  it.each(unenriched.flatMap((s) => [[s, false] as const, [s, true] as const]))(
    '%s (rerank %s) finds the table page for a question about the table',
    async (strategy, rerank) => {
      const result = await ctx.retrieve.search({
        query: 'Which method has the highest recall@3 and what is its latency in ms?',
        strategy,
        scope: { docIds: [sample] },
        k: 3,
        rerank,
      });
      expect(result.pages[0]).toMatchObject({ docId: sample, pageNumber: 2 });
      expect(result.pages.length).toBeLessThanOrEqual(3);
      expect(result.pages.every((p) => p.docId === sample)).toBe(true); // scope holds
      expect(result.pages[0]!.elements.length).toBeGreaterThan(0);
      expect(result.pages[0]!.elements[0]!.bbox).toHaveLength(4);
      expect(result.reranked).toBe(rerank);
      for (const p of rerank ? result.pages : []) {
        expect(p.score).toBeGreaterThanOrEqual(0);
        expect(p.score).toBeLessThanOrEqual(1);
      }
      expect(result.trace.length).toBeGreaterThan(0);
    },
  );

  it('keeps a multi-document scope to those documents, and an unscoped query sees the corpus', async () => {
    const query = 'When was the page scanned for the Folio OCR test?';
    const scoped = await ctx.retrieve.search({
      query,
      strategy: 'HYBRID',
      scope: { docIds: [other, sample] },
      k: 5,
    });
    expect(scoped.pages.every((p) => [other, sample].includes(p.docId))).toBe(true);
    expect(scoped.pages[0]!.docId).toBe(other); // the OCR'd page says exactly this
    const corpus = await ctx.retrieve.search({ query, strategy: 'VECTOR', scope: {}, k: 50 });
    expect(corpus.pages.some((p) => p.docId === other)).toBe(true);
  });

  it.each(unenriched)(
    '%s keeps the scope exact when another document id contains the scoped one',
    async (strategy) => {
      // Lucene splits "copy-<id>" into words, so its docId clause alone also matches the copy: the full-text sides
      // must still drop it.
      const copy = `copy-${other}`;
      await ctx.ingest.ingest(fixture('ocr', 'scanned-page.pdf'), { fileName: 'copy.pdf', docId: copy });
      try {
        const result = await ctx.retrieve.search({
          query: 'When was the page scanned for the Folio OCR test?',
          strategy,
          scope: { docIds: [other] },
          k: 5,
        });
        expect(result.pages.length).toBeGreaterThan(0);
        expect(result.pages.map((p) => p.docId)).toEqual(result.pages.map(() => other));
      } finally {
        await ctx.ingest.deleteDocument(copy);
      }
    },
  );

  it.each(STRATEGIES.filter((s) => s !== 'DMAP' && s !== 'G2'))(
    '%s ranks first the page the question names, read from the graph when the strategy did not return it',
    async (strategy) => {
      const query = 'Which method has the highest recall@3 on page 4?';
      const named = await ctx.retrieve.search({ query, strategy, scope: { docIds: [sample] }, k: 1 });
      expect(named.pages).toHaveLength(1);
      expect(named.pages[0]).toMatchObject({ docId: sample, pageNumber: 4 });
      // VECTOR ranks one page for k 1, the table page: page 4 was read from the graph
      if (strategy === 'VECTOR') expect(named.pages[0]!.reason).toBe('named-page');
      // the answer reads only the pages the question names: the mark is on the page however it was ranked
      expect(named.pages[0]!.reason.split('+')).toContain('named-page');
      expect(named.pages[0]!.elements.length).toBeGreaterThan(0);
      expect(named.trace).toContain('pages the question names, ranked first: p. 4');
      // the table page the strategy found follows it
      const deeper = await ctx.retrieve.search({ query, strategy, scope: { docIds: [sample] }, k: 3 });
      expect(deeper.pages.map((p) => p.pageNumber).slice(0, 2)).toEqual([4, 2]);
      // across two documents "page 4" names no page
      const both = await ctx.retrieve.search({ query, strategy, scope: { docIds: [sample, other] }, k: 1 });
      expect(both.pages[0]).toMatchObject({ docId: sample, pageNumber: 2 });
    },
  );

  it('ranks first the page holding the caption of the figure the question names, not a page that mentions it', async () => {
    // "Figure 1: The ingest pipeline …" is captioned on page 2; the appendix (page 4) refers to Figure 1
    const result = await ctx.retrieve.search({
      query: 'What does the appendix say about Figure 1?',
      strategy: 'HYBRID',
      scope: { docIds: [sample] },
      k: 3,
    });
    expect(result.pages[0]).toMatchObject({ docId: sample, pageNumber: 2 });
    expect(result.trace).toContain('pages the question names, ranked first: p. 2 (Figure 1)');
    const missing = await ctx.retrieve.search({
      query: 'What does Figure 7 show?',
      strategy: 'HYBRID',
      scope: { docIds: [sample] },
      k: 3,
    });
    expect(missing.trace).toContain('pages the question names: none of them in the document');
  });

  it('cites no page of a document that is not READY, not even one the question names', async () => {
    await ctx.withStatus(sample, 'INGESTING', async () => {
      const result = await ctx.retrieve.search({
        query: 'What does Figure 1 on page 4 show?',
        strategy: 'HYBRID',
        scope: { docIds: [sample] },
        k: 3,
      });
      expect(result.pages).toEqual([]);
    });
  });

  it('searches the question without its answer-format instructions, and says so in the trace', async () => {
    const question = 'Which method has the highest recall@3 and what is its latency in ms?';
    for (const strategy of ['VECTOR', 'HYBRID'] as const) {
      const search = (query: string) =>
        ctx.retrieve.search({ query, strategy, scope: { docIds: [sample] }, k: 4 });
      const plain = await search(question);
      const instructed = await search(
        `${question} Please write the answer in the list format, e.g., ["A","1"]`,
      );
      expect(instructed.pages.map((p) => [p.pageNumber, p.score])).toEqual(
        plain.pages.map((p) => [p.pageNumber, p.score]),
      );
      expect(instructed.trace).toContain(
        'answer-format instructions not searched for: "Please write the answer in the list format, e.g., ["A","1"]"',
      );
    }
  });

  it('VECTOR scores a page by its best passage plus its head vector, as computed here', async () => {
    const graph = ctx.module.get(GraphExecutor);
    const cypher = ctx.module.get(CypherRegistry);
    const query = 'Which method has the highest recall@3 and what is its latency in ms?';
    const q = await ctx.module.get<Embedder>(EMBEDDER).embedQuery(query);
    const passages = await graph.read<{ pageNumber: number; embedding: number[] }>(
      cypher.get('graph/list-passages'),
      {
        docId: sample,
      },
    );
    const [{ pageHeads }] = (await graph.read<{
      pageHeads: Array<{ pageNumber: number; headVector: number[] }>;
    }>(cypher.get('graph/get-vectors'), { docId: sample, elementId: '' })) as [
      { pageHeads: Array<{ pageNumber: number; headVector: number[] }> },
    ];
    const similarity = (v: number[]) => (1 + cosine(v, q)) / 2; // Neo4j's vector.similarity.cosine
    const expected = pageHeads
      .map(({ pageNumber, headVector }) => {
        const best = Math.max(
          ...passages.filter((p) => p.pageNumber === pageNumber).map((p) => similarity(p.embedding)),
        );
        return { pageNumber, score: best + VECTOR_PAGE_HEAD_WEIGHT * similarity(headVector) };
      })
      .sort((a, b) => b.score - a.score);

    const result = await ctx.retrieve.search({
      query,
      strategy: 'VECTOR',
      scope: { docIds: [sample] },
      k: 4,
    });
    expect(result.pages.map((p) => p.pageNumber)).toEqual(expected.map((p) => p.pageNumber));
    result.pages.forEach((p, i) => expect(p.score).toBeCloseTo(expected[i]!.score, 4));
  });

  it("gives the judge a scanned page's whole text when it fits, a text page's passage nearest the question", async () => {
    const repo = ctx.module.get(RetrieveRepository);
    const embedding = Array.from(
      await ctx.module.get<Embedder>(EMBEDDER).embedQuery('When was the page scanned?'),
    );
    const pages = [
      { docId: other, pageNumber: 1 }, // OCR'd: no text layer
      { docId: sample, pageNumber: 2 }, // text layer, several passages
    ];
    const judged = await repo.pageBestPassages({ pages, embedding, perPage: 1, maxChars: PAGE_TEXT_CHARS });
    const seeds = await repo.seedWindows({
      pages: pages.map((p) => ({ ...p, query: 0 })),
      embeddings: [embedding],
      perPage: 1,
      maxChars: PAGE_TEXT_CHARS,
    });
    for (const rows of [judged, seeds]) {
      const scanned = rows.find((r) => r.docId === other)!;
      const text = rows.find((r) => r.docId === sample)!;
      expect(scanned.pageText.length).toBeGreaterThan(0);
      expect(scanned.pageText.length).toBeLessThanOrEqual(PAGE_TEXT_CHARS);
      expect(scanned.bestText).toBe(scanned.pageText);
      expect(scanned.elements.length).toBeGreaterThan(0); // the citation is still the nearest passage's elements
      expect(text.bestText).not.toBe(text.pageText);
      const passages = await ctx.module
        .get(GraphExecutor)
        .read<{ text: string }>(ctx.module.get(CypherRegistry).get('graph/list-passages'), { docId: sample });
      expect(passages.map((p) => p.text)).toContain(text.bestText);
    }
  });

  it('searches questions full of Lucene syntax as words, never as an error', async () => {
    for (const query of [
      'recall@3 / latency: (ms) [table] "graph" walk* ~rerank ^0.75 !x AND OR NOT \\',
      '/',
      '"',
      ':)',
    ]) {
      const result = await ctx.retrieve.search({
        query,
        strategy: 'HYBRID',
        scope: { docIds: [sample] },
        k: 3,
      });
      expect(Array.isArray(result.pages)).toBe(true);
    }
  });

  it.each(['HYBRID', 'PARENT_PAGE'] as const)(
    '%s keeps the vector hits when the full-text side finds nothing (a typo, a foreign word, no term)',
    async (strategy) => {
      for (const query of ['revnue laetncy', 'Umsatzentwicklung', '*', '🙂']) {
        const vector = await ctx.retrieve.search({
          query,
          strategy: 'VECTOR',
          scope: { docIds: [sample] },
          k: 3,
        });
        const fused = await ctx.retrieve.search({ query, strategy, scope: { docIds: [sample] }, k: 3 });
        expect(vector.pages.length).toBeGreaterThan(0);
        expect(fused.pages.length).toBe(vector.pages.length);
      }
    },
  );

  it('rejects an empty query, a bad k and an unknown document with typed errors', async () => {
    const base = { strategy: 'HYBRID' as const, scope: { docIds: [sample] }, k: 3 };
    await expect(ctx.retrieve.search({ ...base, query: '   ' })).rejects.toMatchObject({
      code: RetrieveErrorCode.EMPTY_QUERY,
    });
    await expect(ctx.retrieve.search({ ...base, query: 'x', k: 0 })).rejects.toMatchObject({
      code: RetrieveErrorCode.BAD_K,
    });
    await expect(
      ctx.retrieve.search({ ...base, query: 'x', scope: { docIds: ['nope'] } }),
    ).rejects.toMatchObject({
      code: DocumentErrorCode.DOCUMENT_NOT_FOUND,
    });
  });

  it('answers offline with cited sentences from the right page', async () => {
    const result = await ctx.asker.ask('What recall@3 does the graph walk with re-ranking reach?', {
      scope: { docIds: [sample] },
    });
    expect(result.mode).toBe('extractive');
    expect(result.answerable).toBe(true);
    // the table cell's value, read by its row and column labels, not the page's sentences around it
    expect(result.answer).toMatchObject({
      text: 'Graph walk + rerank (Recall@3): 0.75 [p. 2]',
      kind: 'NUMBER',
      value: '0.75',
    });
    expect(result.citations[0]).toMatchObject({ docId: sample, pageNumber: 2 });
    expect(result.usage.calls).toBe(0);
  });

  it('says "Not answerable" when nothing in scope is relevant', async () => {
    const result = await ctx.asker.ask('What was the quarterly dividend of the tobacco company in 1987?', {
      scope: { docIds: [sample] },
    });
    expect(result.answer).toMatchObject({ text: 'Not answerable', value: null });
    expect(result.answerable).toBe(false);
    expect(result.citations).toEqual([]);
  });

  it("counts the document's tables and figures from its graph, citing each caption", async () => {
    const tables = await ctx.asker.ask('How many tables are in this report?', {
      scope: { docIds: [sample] },
    });
    expect(tables).toMatchObject({
      answer: { text: '1 table', kind: 'COUNT', value: '1', unit: 'tables' },
      answerable: true,
      mode: 'graph',
      format: 'Integer',
    });
    expect(tables.analysis).toBe(
      'Counted in the document graph: numbered tables in the document (4 pages): Table 1 to Table 1.',
    );
    expect(tables.citations).toEqual([
      expect.objectContaining({
        docId: sample,
        pageNumber: 2,
        quote: 'Table 1: Retrieval accuracy by method',
      }),
    ]);
    expect(tables.citations[0]!.bbox).toHaveLength(4);
    const figures = await ctx.asker.ask('How many figures are there in the entire report?', {
      scope: { docIds: [sample] },
    });
    expect(figures).toMatchObject({ answer: { text: '1 figure', value: '1' }, mode: 'graph' });
    const pastTheEnd = await ctx.asker.ask('How many figures are in pages 10-12 of this report?', {
      scope: { docIds: [sample] },
    });
    expect(pastTheEnd).toMatchObject({
      answer: { text: 'Not answerable', kind: 'COUNT', value: null },
      answerable: false,
      mode: 'graph',
      analysis: 'The document has 4 pages; pages 10–12 are not in it.',
    });
    // every count cites what the counted element prints, never a label of ours ("table region")
    const tablePages = await ctx.asker.ask('How many pages contain tables?', { scope: { docIds: [sample] } });
    expect(tablePages).toMatchObject({ answer: { value: '1' }, mode: 'graph' });
    expect(tablePages.citations.length).toBeGreaterThan(0);
    for (const answer of [tables, figures, tablePages]) {
      const cited = await ctx.content.elementsById(answer.citations.map((c) => c.elementId!));
      answer.citations.forEach((c, i) =>
        expect([c.quote, quoteGrounded(c.quote, cited[i] ?? null)]).toEqual([c.quote, true]),
      );
    }
    // a count that asks more than the graph knows is answered from the pages, as any question
    const qualified = await ctx.asker.ask('How many figures show the ingest pipeline?', {
      scope: { docIds: [sample] },
    });
    expect(qualified.mode).toBe('extractive');
  });

  // The README shows offline answers on this report (the demo's Q/A and the GraphQL example's comment): they must
  // be what `ask` gives, read from the README itself so the two cannot drift.
  it('gives the offline answers the README shows', async () => {
    const readme = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    const demo = /^Q: (.+)\nA: (.+)$/m.exec(readme);
    const graphql = /ask\(question: "([^"]+)"[^\n]*\n[^\n]*# offline: "([^"]+)"/.exec(readme);
    const examples = [demo, graphql].map((m) => ({ question: m?.[1], answer: m?.[2] }));
    expect(examples.every((e) => e.question && e.answer)).toBe(true);
    for (const { question, answer } of examples) {
      const result = await ctx.asker.ask(question!, { scope: { docIds: [sample] } });
      expect({ question, answer: result.answer.text }).toEqual({ question, answer });
    }
    // the demo's citation lines too, from "page N" on (the document's id differs here): bbox, step and quote
    const afterPage = (lines: string) =>
      [...lines.matchAll(/^ {2}\[\d+\] .* (page \d+ .*)$/gm)].map((m) => m[1]);
    const shown = /^Cited pages \(extractive answer\):\n((?: {2}\[\d+\] .+\n)+)/m.exec(readme)?.[1] ?? '';
    const printed = formatAnswer(
      await ctx.asker.ask(demo![1]!, { scope: { docIds: [sample] } }),
      () => undefined,
    );
    expect(afterPage(shown).length).toBeGreaterThan(0);
    expect(afterPage(printed)).toEqual(afterPage(shown));
  });
});
