// The graph model on a freshly ingested and enriched PDF: the tables of docs/graph-model.md against the database,
// integers stored as Cypher INTEGERs (a JavaScript number arrives as a FLOAT unless the query converts it), element
// kinds as secondary labels, and the migrations that bring a database written by earlier builds to both.
import { TestingModule } from '@nestjs/testing';
import { EnrichModule } from '../../../src/enrich/enrich.module';
import { EnrichRepository } from '../../../src/enrich/enrich.repository';
import { EnrichService } from '../../../src/enrich/enrich.service';
import { ELEMENT_KIND_LABELS, elementKindLabel } from '../../../src/document/document-model';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { MigrationService } from '../../../src/graph/migration.service';
import { IngestRepository } from '../../../src/ingest/ingest.repository';
import { IngestService } from '../../../src/ingest/ingest.service';
import { createFolioTestModule, fixture, uniqueCopy } from '../../support/ingest-context';
import { documentedProperties, documentedTypeOf, SCHEMA_TYPE } from '../../support/graph-model-docs';
import { testCypher } from '../../support/test-cypher';

/** Every integer property Folio writes, per label (docs/graph-model.md lists the same). */
const INTEGERS: Record<string, string[]> = {
  Document: [
    'pageCount',
    'elementCount',
    'passageCount',
    'sectionCount',
    'ocrPageCount',
    'crossReferenceCount',
  ],
  Page: ['number', 'elementCount'],
  Element: ['pageNumber', 'order', 'readingIndex', 'headingLevel'],
  Passage: ['pageNumber', 'order'],
  Section: ['level', 'order', 'pageStart', 'pageEnd'],
  Summary: ['level', 'leafCount', 'memberCount', 'seed'],
  Revision: ['iteration'],
  IngestionJob: ['done', 'total', 'attempts'],
  EnrichmentJob: ['done', 'total'],
  EnrichmentRecord: ['calls', 'failedCalls', 'promptTokens', 'completionTokens', 'ms'],
};
const INTEGER_LISTS: Record<string, string[]> = {
  Element: ['cellRows', 'cellCols'],
  EnrichmentRecord: ['countValues'],
};
/** The only numbers that are measurements, not counts: PDF points, scores, money (and the vectors). */
const FLOATS: Record<string, string[]> = {
  Page: ['width', 'height'],
  Element: ['bbox', 'cellBoxes'],
  EnrichmentRecord: ['costUsd'],
  RELATES_TO: ['score'],
  SIMILAR_TO: ['score', 'coarse', 'tau'],
};

interface TypeRow {
  label: string;
  property: string;
  types: string[];
}

describe('the graph model', () => {
  let module: TestingModule;
  let graph: GraphExecutor;
  let cypher: CypherRegistry;
  const run = `tint${Date.now().toString(36)}`;
  const docId = `${run}-doc`;

  const sorted = (rows: TypeRow[]) =>
    rows
      .map((r) => ({ ...r, types: [...r.types].sort() }))
      .sort((a, b) => `${a.label}.${a.property}`.localeCompare(`${b.label}.${b.property}`));
  const nodeTypes = async () =>
    sorted(
      // An element's kind label repeats its Element row.
      (
        await graph.read<TypeRow>(testCypher().get('graph/node-property-types'), { docId, jobPrefix: run })
      ).filter((r) => !ELEMENT_KIND_LABELS.includes(r.label)),
    );
  const relationshipTypes = async (): Promise<TypeRow[]> =>
    (
      await graph.read<{ type: string; property: string; types: string[] }>(
        testCypher().get('graph/relationship-property-types'),
        { docId },
      )
    ).map((r) => ({ label: r.type, property: r.property, types: [...r.types].sort() }));
  const typesOf = (rows: TypeRow[], label: string, property: string) =>
    rows.find((r) => r.label === label && r.property === property)?.types;

  /** [label, property, types] of every integer property present that holds anything but INTEGERs. */
  const notIntegers = (rows: TypeRow[]) => [
    ...Object.entries(INTEGERS).flatMap(([label, props]) =>
      props
        .map((p) => [label, p, typesOf(rows, label, p)] as const)
        .filter(([, , types]) => types && types.join() !== 'INTEGER NOT NULL'),
    ),
    ...Object.entries(INTEGER_LISTS).flatMap(([label, props]) =>
      props
        .map((p) => [label, p, typesOf(rows, label, p)] as const)
        .filter(([, , types]) => types && types.join() !== 'LIST<INTEGER NOT NULL> NOT NULL'),
    ),
  ];

  beforeAll(async () => {
    module = await createFolioTestModule([EnrichModule]);
    graph = module.get(GraphExecutor);
    cypher = module.get(CypherRegistry);
    await module.get(IngestService).ingest(uniqueCopy(fixture('pdf', 'sample-report.pdf')), {
      fileName: 'integers.pdf',
      docId,
    });
    await module.get(EnrichService).run(docId, {});
    const job = {
      status: 'RUNNING' as const,
      stage: 'write',
      done: 3,
      total: 7,
      error: null,
      errorCode: null,
    };
    await new IngestRepository(graph, cypher).jobs.save({
      ...job,
      id: `${run}-ingestion`,
      fileName: 'integers.pdf',
      docId,
      attempts: 2,
    });
    await new EnrichRepository(graph, cypher).jobs.save({
      ...job,
      id: `${run}-enrichment`,
      docId,
      stages: ['similar'],
      mode: 'offline',
      crossDocument: false,
      warnings: [],
    });
  });
  afterAll(async () => {
    await module
      .get(IngestService)
      .deleteDocument(docId)
      .catch(() => undefined);
    await graph.write(testCypher().get('graph/delete-jobs'), { jobPrefix: run }).catch(() => undefined);
    await module.close();
  });

  const NODE_DOCS = documentedProperties('## Nodes');
  const RELATIONSHIP_DOCS = documentedProperties('## Relationships with properties');
  const documented = (docs: typeof NODE_DOCS, owner: string, property: string) =>
    docs.find((d) => d.owner === owner && d.property === property);

  it('docs/graph-model.md lists every property db.schema finds on a Folio label, with its type', async () => {
    const labels = new Set(NODE_DOCS.map((d) => d.owner));
    const rows = await graph.read<{ labels: string[]; property: string | null; types: string[] | null }>(
      testCypher().get('graph/schema-node-properties'),
      {},
      { timeoutMs: 0 }, // it samples every node of the database
    );
    const undocumented: string[] = [];
    for (const row of rows) {
      const label = row.labels.find((l) => labels.has(l));
      if (!label || row.property === null) continue;
      const doc = documented(NODE_DOCS, label, row.property);
      // A FLOAT under an INTEGER: data an older build wrote after the database was migrated (migration 034).
      const legacy =
        doc?.type === 'INTEGER' ? ['FLOAT'] : doc?.type === 'LIST<INTEGER>' ? ['LIST<FLOAT>'] : [];
      const wrong = (row.types ?? [])
        .map((t) => SCHEMA_TYPE[t] ?? t)
        .filter((t) => t !== doc?.type && !legacy.includes(t));
      if (!doc) undocumented.push(`${label}.${row.property}: not in the table`);
      else if (wrong.length > 0)
        undocumented.push(`${label}.${row.property}: ${wrong.join()}, not ${doc.type}`);
    }
    expect(undocumented).toEqual([]);
    const relationships = await graph.read<{ type: string; property: string | null; types: string[] | null }>(
      testCypher().get('graph/schema-relationship-properties'),
      {},
      { timeoutMs: 0 },
    );
    const undocumentedEdges = relationships
      .filter((r) => r.property !== null)
      .map((r) => ({ ...r, type: r.type.replace(/[:`]/g, '') }))
      .filter((r) => !documented(RELATIONSHIP_DOCS, r.type, r.property!))
      .map((r) => `${r.type}.${r.property}`);
    expect(undocumentedEdges).toEqual([]);
  });

  it('a freshly ingested, enriched document has every property the docs list (but optional ones), typed as listed', async () => {
    const rows = [...(await nodeTypes()), ...(await relationshipTypes())];
    const present = new Set(rows.map((r) => r.label));
    const problems: string[] = [];
    for (const doc of [...NODE_DOCS, ...RELATIONSHIP_DOCS]) {
      if (!present.has(doc.owner)) continue;
      const types = typesOf(rows, doc.owner, doc.property);
      if (!types) {
        if (!doc.optional) problems.push(`${doc.owner}.${doc.property}: missing`);
        continue;
      }
      const off = types.filter((t) => !documentedTypeOf(t).includes(doc.type));
      if (off.length > 0) problems.push(`${doc.owner}.${doc.property}: ${off.join()} (docs: ${doc.type})`);
    }
    for (const row of rows)
      if (
        !documented(NODE_DOCS, row.label, row.property) &&
        !documented(RELATIONSHIP_DOCS, row.label, row.property)
      )
        problems.push(`${row.label}.${row.property}: not in docs/graph-model.md`);
    expect(problems).toEqual([]);
    for (const label of [
      'Document',
      'Page',
      'Element',
      'Passage',
      'Section',
      'Summary',
      'Revision',
      'IngestionJob',
      'EnrichmentJob',
      'RELATES_TO',
      'SIMILAR_TO',
    ])
      expect(present).toContain(label);
  });

  it('stores every integer property of an ingested, enriched document and its jobs as INTEGER', async () => {
    const rows = [...(await nodeTypes()), ...(await relationshipTypes())];
    // The document exercises each kind of integer: all labels, table cells, headings, evolution rounds.
    for (const [label, props] of Object.entries({ ...INTEGERS, RELATES_TO: ['iteration'] }))
      for (const p of props)
        expect([label, p, typesOf(rows, label, p)]).toEqual([label, p, ['INTEGER NOT NULL']]);
    for (const [label, props] of Object.entries(INTEGER_LISTS))
      for (const p of props)
        expect([label, p, typesOf(rows, label, p)]).toEqual([label, p, ['LIST<INTEGER NOT NULL> NOT NULL']]);
  });

  it('holds FLOATs only in the measurements (points, scores): a new integer written as a FLOAT fails here', async () => {
    const rows = [...(await nodeTypes()), ...(await relationshipTypes())];
    const floats = rows
      .filter((r) => r.types.some((t) => t.includes('FLOAT')))
      .map((r) => `${r.label}.${r.property}`)
      .filter((name) => {
        const [label, property] = name.split('.') as [string, string];
        return !(FLOATS[label] ?? []).includes(property) && !/^embedding$|Embedding$/.test(property);
      });
    expect(floats).toEqual([]);
  });

  it('records the embedding dimension as an INTEGER', async () => {
    // In one transaction: other builds sharing the database record the schema too.
    const { model, dimension } = module.get(MigrationService).configuredModel;
    const [row] = await graph.writeTx('test:schema-dimension', async (tx) => {
      await tx.run(cypher.get('graph/record-schema-info'), {
        embeddingModel: model,
        embeddingDimension: dimension,
        migrations: [],
      });
      return tx.run<{ type: string }>(testCypher().get('graph/schema-dimension-type'));
    });
    expect(row?.type).toBe('INTEGER NOT NULL');
  });

  it('the migrations convert a database whose integers earlier builds stored as FLOATs', async () => {
    const [stored] = await graph.write<{ nodes: number }>(
      testCypher().get('graph/store-integers-as-floats'),
      {
        docId,
      },
    );
    expect(stored?.nodes).toBeGreaterThan(20);
    const before = [...(await nodeTypes()), ...(await relationshipTypes())];
    expect(typesOf(before, 'Page', 'number')).toEqual(['FLOAT NOT NULL']);
    expect(typesOf(before, 'RELATES_TO', 'iteration')).toEqual(['FLOAT NOT NULL']);

    // Once-migrations are skipped when recorded, so the test runs them as the first start after an upgrade does.
    for (const name of [
      'migrations/034-integer-node-properties',
      'migrations/035-integer-relationship-properties',
    ])
      await graph.runAutoCommit(cypher.get(name));
    const after = [...(await nodeTypes()), ...(await relationshipTypes())];
    expect(notIntegers(after)).toEqual([]);
    expect(typesOf(after, 'Page', 'number')).toEqual(['INTEGER NOT NULL']);
    expect(typesOf(after, 'Element', 'cellRows')).toEqual(['LIST<INTEGER NOT NULL> NOT NULL']);
    expect(typesOf(after, 'RELATES_TO', 'iteration')).toEqual(['INTEGER NOT NULL']);

    // Run again: nothing left to convert, nothing changes.
    await graph.runAutoCommit(cypher.get('migrations/034-integer-node-properties'));
    expect([...(await nodeTypes()), ...(await relationshipTypes())]).toEqual(after);
  });

  const kindLabels = () =>
    graph.read<{ kind: string; labels: string[] }>(testCypher().get('graph/element-kind-labels'), { docId });

  it('labels every element with its kind (:Element:Table, :Element:PageHeader)', async () => {
    const elements = await kindLabels();
    expect(elements.length).toBeGreaterThan(10);
    for (const e of elements)
      expect([...e.labels].sort()).toEqual(['Element', elementKindLabel(e.kind)].sort());
    const kinds = new Set(elements.map((e) => e.kind));
    for (const kind of ['heading', 'paragraph', 'table', 'figure', 'caption']) expect(kinds).toContain(kind);
  });

  it('counts tables, figures and charts by label in the analytics as the kinds say', async () => {
    const kinds = (await kindLabels()).map((e) => e.kind);
    const [overview] = await graph.read<{ tables: number; figures: number; charts: number }>(
      cypher.get('analytics/document-overview'),
      { docId },
    );
    expect(overview).toMatchObject({
      tables: kinds.filter((k) => k === 'table').length,
      figures: kinds.filter((k) => k === 'figure').length,
      charts: kinds.filter((k) => k === 'chart').length,
    });
    expect(overview?.tables).toBeGreaterThan(0);
  });

  it('the migration labels the elements of a database written without kind labels, on every start', async () => {
    const labelled = await kindLabels();
    const [removed] = await graph.write<{ elements: number }>(
      testCypher().get('graph/remove-element-kind-labels'),
      { docId },
    );
    expect(removed?.elements).toBe(labelled.length);
    expect((await kindLabels()).every((e) => e.labels.length === 1)).toBe(true);

    await module.get(MigrationService).migrate();
    const byKind = (rows: Array<{ kind: string; labels: string[] }>) =>
      rows.map((e) => `${e.kind}:${[...e.labels].sort().join(':')}`).sort();
    expect(byKind(await kindLabels())).toEqual(byKind(labelled));
  });
});
