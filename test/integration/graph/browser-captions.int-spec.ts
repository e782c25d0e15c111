// Neo4j Browser captions a node from the properties its style names; a number stored as a float prints as "61.0",
// so every caption must read a string. Checked on a real ingested document, and the migration that names the pages
// of a database stored before pages had names.
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { MigrationService } from '../../../src/graph/migration.service';
import { CAPTION_PROPERTIES } from '../../../src/graph/server/browser-style';
import { createIngestContext, fixture, IngestContext, uniqueCopy } from '../../support/ingest-context';
import { testCypher } from '../../support/test-cypher';

describe("the Browser style's captions on an ingested document", () => {
  let ctx: IngestContext;
  let docId: string;
  const graph = () => ctx.module.get(GraphExecutor);
  const types = async () =>
    graph().read<{ label: string; property: string; types: string[] }>(
      testCypher().get('graph/test-caption-property-types'),
      { docId },
    );

  beforeAll(async () => {
    ctx = await createIngestContext();
    docId = `${ctx.runId}-captions`;
    await ctx.ingest.ingest(uniqueCopy(fixture('pdf', 'sample-report.pdf')), {
      fileName: 'captions.pdf',
      docId,
    });
  });
  afterAll(async () => {
    await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx.close();
  });

  it('reads only string properties for every styled label the document has', async () => {
    const rows = await types();
    const present = new Set(rows.map((r) => r.label));
    for (const label of ['Document', 'Page', 'Section', 'Element', 'Passage'])
      expect(present).toContain(label);
    for (const [label, properties] of Object.entries(CAPTION_PROPERTIES)) {
      if (!present.has(label)) continue;
      for (const property of properties) {
        const row = rows.find((r) => r.label === label && r.property === property);
        expect([label, property, row?.types]).toEqual([label, property, ['STRING NOT NULL']]);
      }
    }
  });

  it('names every page "p. N", and the migration names the pages of a database stored without names', async () => {
    const names = () =>
      graph().read<{ number: number; name: string | null }>(testCypher().get('graph/test-page-names'), {
        docId,
      });
    const pages = await names();
    expect(pages.map((p) => p.name)).toEqual(['p. 1', 'p. 2', 'p. 3', 'p. 4']);

    const [removed] = await graph().write<{ removed: number }>(
      testCypher().get('graph/test-remove-page-names'),
      {
        docId,
      },
    );
    expect(Number(removed?.removed)).toBe(pages.length);
    expect((await types()).some((r) => r.label === 'Page' && r.property === 'name')).toBe(false);
    await ctx.module.get(MigrationService).migrate();
    expect((await names()).map((p) => p.name)).toEqual(['p. 1', 'p. 2', 'p. 3', 'p. 4']);
  });
});
