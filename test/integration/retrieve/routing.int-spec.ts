// Document routing on the real Neo4j with real embeddings: a small library of generated PDFs on distinct topics
// plus a near-duplicate, searched unscoped beside whatever else the shared database holds.
import { loadConfig } from '../../../src/config/folio-config';
import { json, startFakeOpenAiServer } from '../../support/fake-openai-server';
import { makeStructuredPdf, type PdfBlock } from '../../support/make-structured-pdf';
import { createIngestContext, type IngestContext } from '../../support/ingest-context';

type Topic = { key: string; title: string; tags: string[]; pages: PdfBlock[][]; slides?: boolean };

const para = (text: string): PdfBlock => ({ type: 'paragraph', text });
const heading = (text: string): PdfBlock => ({ type: 'heading', text });

const LIGHTHOUSE: PdfBlock[][] = [
  [
    heading('Keeping the Nolsoy lighthouse'),
    para(
      'The Nolsoy lighthouse lamp rotates once every twelve seconds. Keepers climb the tower at dusk to wind the ' +
        'clockwork that turns the Fresnel lens, and they log the weather for the harbour master every four hours.',
    ),
  ],
  [
    heading('Keeper shifts'),
    para(
      'Two keepers share the watch in six hour shifts. In winter storms the relief boat cannot land, so the stores ' +
        'hold paraffin and tinned food for forty days.',
    ),
  ],
];
const sourdough = (edition: string): PdfBlock[][] => [
  [
    heading(`Sourdough starters (${edition})`),
    para(
      'A rye sourdough starter is kept at one hundred percent hydration: equal weights of flour and water. Feed the ' +
        'starter twice a day and keep it at twenty six degrees so the levain doubles within six hours.',
    ),
  ],
  [
    heading('Baking the loaf'),
    para(
      'Shape the dough after the bulk fermentation, proof it overnight in the cold, and bake it in a covered pot at ' +
        'two hundred and fifty degrees for the first twenty minutes.',
    ),
  ],
];
const GLACIER: PdfBlock[][] = [
  [
    heading('Glacier survey results'),
    para(
      'The survey stakes on the Vatnajokull outlet glacier showed the terminus retreating by eighty metres since the ' +
        'previous season. Stakes are drilled into the ice each spring and measured again each autumn.',
    ),
  ],
];
const BEES: PdfBlock[][] = [
  [
    heading('Rooftop beekeeping'),
    para(
      'Urban rooftop hives need a windbreak and a water source within fifty metres. Inspect the brood frames every ' +
        'nine days in summer and treat varroa mites with oxalic acid in the broodless period of winter.',
    ),
  ],
];

describe('document routing (unscoped search over a library)', () => {
  let ctx: IngestContext;
  const ids: Record<string, string> = {};
  let topics: Topic[];

  beforeAll(async () => {
    ctx = await createIngestContext();
    const run = ctx.runId;
    topics = [
      {
        key: 'lighthouse',
        title: `${run} Lighthouse keeping on the Faroe Islands`,
        tags: [`${run}-sea`],
        pages: LIGHTHOUSE,
      },
      {
        key: 'sourdough',
        title: `${run} Sourdough baking handbook`,
        tags: [`${run}-food`],
        pages: sourdough('first edition'),
      },
      {
        key: 'sourdough2',
        title: `${run} Sourdough baking handbook, revised`,
        tags: [`${run}-food`, `${run}-revised`],
        pages: sourdough('revised edition'),
      },
      { key: 'glacier', title: `${run} Glacier monitoring report`, tags: [`${run}-ice`], pages: GLACIER },
      {
        key: 'bees',
        title: `${run} Rooftop beekeeping guide`,
        tags: [`${run}-food`],
        pages: BEES,
        slides: true,
      },
    ];
    for (const t of topics) {
      ids[t.key] = `${run}-${t.key}`;
      await ctx.ingest.ingest(
        await makeStructuredPdf(t.pages, { layout: t.slides ? 'landscape' : 'portrait' }),
        {
          fileName: `${t.key}.pdf`,
          docId: ids[t.key],
          title: t.title,
          tags: t.tags,
        },
      );
    }
  });
  afterAll(async () => {
    for (const id of Object.values(ids)) await ctx.ingest.deleteDocument(id).catch(() => undefined);
    await ctx.close();
  });

  it.each(['GRAPH', 'HYBRID'] as const)(
    '%s routes a question about one document to it, and the trace names the signals',
    async (strategy) => {
      const result = await ctx.retrieve.search({
        query: 'How often does the Nolsoy lighthouse lamp rotate?',
        strategy,
        scope: {},
        k: 3,
        routing: true,
      });
      expect(result.pages[0]).toMatchObject({ docId: ids.lighthouse, pageNumber: 1 });
      const chosen = result.trace.find((l) => l.includes(`document ${ids.lighthouse} `));
      expect(chosen).toMatch(/^routing: chose document .* \(#1, score \d\.\d{3}\) from /);
      expect(chosen).toMatch(/(title|passage|passage-text|outline|section|summary) #1/);
      expect(result.trace).toContain('scope: whole corpus, routed to documents first');
      expect(result.timings.map((t) => t.stage)).toContain('route-documents');
    },
  );

  it('gives the slide decks the kind signal when the question names slides', async () => {
    const result = await ctx.retrieve.search({
      query: 'What do the slides say about water for the hives?',
      strategy: 'HYBRID',
      scope: {},
      k: 3,
      routing: true,
    });
    expect(result.pages[0]).toMatchObject({ docId: ids.bees });
    const deck = result.trace.find((l) => l.includes(`document ${ids.bees} `));
    expect(deck).toMatch(/^routing: chose document .* from kind #1 \("the question names slides"\)/);
    const lighthouse = result.trace.find((l) => l.includes(`document ${ids.lighthouse} `));
    expect(lighthouse ?? '').not.toContain('kind #1');
  });

  it('lists both documents when two answer the question', async () => {
    const result = await ctx.retrieve.search({
      query: 'At what hydration is the rye sourdough starter kept, and how often is it fed?',
      strategy: 'GRAPH',
      scope: {},
      k: 5,
      routing: true,
    });
    const docs = new Set(result.pages.map((p) => p.docId));
    expect(docs).toContain(ids.sourdough);
    expect(docs).toContain(ids.sourdough2);
    for (const id of [ids.sourdough, ids.sourdough2])
      expect(result.trace.some((l) => l.startsWith(`routing: chose document ${id} `))).toBe(true);
  });

  it('narrows the scope by a filter: title, tags, kind, ingestion date', async () => {
    const query = 'How often does the Nolsoy lighthouse lamp rotate?';
    // Only the food documents are admitted: the lighthouse is out of scope however well it matches.
    const food = await ctx.retrieve.search({
      query,
      strategy: 'HYBRID',
      scope: { filter: { tags: [`${ctx.runId}-food`] } },
      k: 5,
    });
    expect(food.pages.length).toBeGreaterThan(0);
    const foodIds = [ids.sourdough, ids.sourdough2, ids.bees];
    expect(food.pages.filter((p) => !foodIds.includes(p.docId))).toEqual([]);
    expect(food.trace[0]).toBe('scope: 3 filtered document(s), routed to documents first');
    // The beekeeping guide's pages are landscape: ingest stored it as SLIDES, the two handbooks as TEXT.
    const deck = await ctx.retrieve.search({
      query: 'sourdough starter hydration',
      strategy: 'HYBRID',
      scope: { filter: { tags: [`${ctx.runId}-food`], kinds: ['SLIDES'] } },
      k: 5,
    });
    expect(deck.trace[0]).toBe('scope: 1 filtered document(s), routed to documents first');
    expect(new Set(deck.pages.map((p) => p.docId))).toEqual(new Set([ids.bees]));
    const text = await ctx.retrieve.search({
      query: 'rooftop hives varroa',
      strategy: 'HYBRID',
      scope: { filter: { tags: [`${ctx.runId}-food`], kinds: ['TEXT', 'SCANNED'] } },
      k: 5,
    });
    expect(text.trace[0]).toBe('scope: 2 filtered document(s), routed to documents first');
    expect(text.pages.filter((p) => p.docId === ids.bees)).toEqual([]);
    const revised = await ctx.retrieve.search({
      query: 'sourdough starter hydration',
      strategy: 'GRAPH',
      scope: { filter: { titleContains: `${ctx.runId} sourdough BAKING handbook, rev` } },
      k: 3,
    });
    expect(revised.pages.map((p) => p.docId)).toEqual(revised.pages.map(() => ids.sourdough2));
    const future = await ctx.retrieve.search({
      query,
      strategy: 'GRAPH',
      scope: { filter: { tags: [`${ctx.runId}-sea`], ingestedAfter: '2999-01-01' } },
      k: 3,
    });
    expect(future.pages).toEqual([]);
  });

  it('gives an empty result, not an error, when no document in scope is READY', async () => {
    await ctx.withStatus(ids.glacier!, 'INGESTING', async () => {
      const result = await ctx.retrieve.search({
        query: 'How far did the glacier terminus retreat?',
        strategy: 'GRAPH',
        scope: { filter: { tags: [`${ctx.runId}-ice`] } },
        k: 3,
      });
      expect(result.pages).toEqual([]);
      expect(result.trace).toContain('scope: no READY document matches the filter; nothing to search');
    });
    const back = await ctx.retrieve.search({
      query: 'How far did the glacier terminus retreat?',
      strategy: 'GRAPH',
      scope: { filter: { tags: [`${ctx.runId}-ice`] } },
      k: 3,
    });
    expect(back.pages[0]).toMatchObject({ docId: ids.glacier, pageNumber: 1 });
  });

  it('with routing off searches the whole corpus as before', async () => {
    const result = await ctx.retrieve.search({
      query: 'How often does the Nolsoy lighthouse lamp rotate?',
      strategy: 'HYBRID',
      scope: {},
      k: 3,
      routing: false,
    });
    expect(result.trace[0]).toBe('scope: whole corpus, vector index (routing off)');
    expect(result.trace.some((l) => l.startsWith('routing:'))).toBe(false);
    expect(result.pages[0]!.docId).toBe(ids.lighthouse);
  });

  it('with an LLM configured lets the model pick among the top candidates, and keeps the fused order when it invents', async () => {
    const server = await startFakeOpenAiServer();
    const llm = loadConfig({
      ...process.env,
      FOLIO_LLM_BASE_URL: server.baseUrl,
      FOLIO_LLM_MODEL: 'fake-model',
    }).llm;
    const withLlm = await createIngestContext({ llm });
    try {
      const search = () =>
        withLlm.retrieve.search({
          query: 'Which measurements are taken in spring and autumn?',
          strategy: 'HYBRID',
          scope: { filter: { titleContains: ctx.runId } },
          k: 3,
          routing: true,
        });
      server.enqueue(
        json({ docIds: ['not-offered', ids.glacier], reason: 'stakes are measured twice a year' }),
      );
      const picked = await search();
      const messages = server.chatRequests()[0]?.body.messages ?? [];
      const prompt = messages.map((m) => m.content).join('\n');
      expect(prompt).toContain('Which measurements are taken in spring and autumn?');
      for (const id of Object.values(ids)) expect(prompt).toContain(`[${id}]`);
      expect(picked.pages.length).toBeGreaterThan(0);
      expect(picked.pages.map((p) => p.docId)).toEqual(picked.pages.map(() => ids.glacier));
      expect(picked.trace).toContain(
        `routing: the LLM picked ${ids.glacier} among the top 5: stakes are measured twice a year`,
      );
      expect(picked.cost.llmCalls).toBe(1);

      server.enqueue(json({ docIds: ['invented'], reason: 'none' }));
      const fused = await search();
      expect(fused.trace).toContain(
        "routing: the LLM's pick was not used (the model picked no offered document); the fused ranking decides",
      );
      expect(fused.trace.filter((l) => l.startsWith('routing: chose document'))).toHaveLength(3);
    } finally {
      await withLlm.close();
      await server.close();
    }
  });
});
