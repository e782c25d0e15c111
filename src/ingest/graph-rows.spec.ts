import type { DocumentModel, LayoutElement } from '../document/document-model';
import { buildGraphRows, meanVector, passageRows, unitSources } from './graph-rows';
import { layoutElement } from './layout/testing/layout-fixtures';
import { estimateTokens } from './layout/text';
import { buildRetrievalUnits } from './retrieval-units';

const el = (
  key: string,
  page: number,
  order: number,
  kind: LayoutElement['kind'],
  text: string,
  extra: Partial<LayoutElement> = {},
): LayoutElement =>
  layoutElement({ key, kind, pageNumber: page, order, text, bbox: [0, 0, 10, 10], ...extra });

const model: DocumentModel = {
  title: 'T',
  pageCount: 2,
  pages: [
    { number: 1, width: 612, height: 792, hasTextLayer: true, text: 'Intro text' },
    { number: 2, width: 612, height: 792, hasTextLayer: true, text: 'Table' },
  ],
  elements: [
    el('p1-e0', 1, 0, 'page-header', 'Running head'),
    el('p1-e1', 1, 1, 'heading', '1 Intro', { headingLevel: 1 }),
    el('p1-e2', 1, 2, 'paragraph', 'See Table 1 and page 2.'),
    el('p2-e0', 2, 0, 'table', 'a b 1 2', { description: '| a | b |\n|---|---|\n| 1 | 2 |' }),
    el('p2-e1', 2, 1, 'caption', 'Table 1: Numbers', { captionOf: 'p2-e0' }),
  ],
  sections: [
    {
      key: 's0',
      title: '1 Intro',
      level: 1,
      path: '1 Intro',
      order: 0,
      pageStart: 1,
      pageEnd: 2,
      parentKey: null,
      elementKeys: ['p1-e1', 'p1-e2'],
      source: 'outline',
    },
    {
      key: 's1',
      title: '1.1 Data',
      level: 2,
      path: '1 Intro > 1.1 Data',
      order: 1,
      pageStart: 2,
      pageEnd: 2,
      parentKey: 's0',
      elementKeys: ['p2-e0', 'p2-e1'],
      source: 'outline',
    },
  ],
  crossReferences: [
    { fromKey: 'p1-e2', mention: 'Table 1', target: { type: 'element', key: 'p2-e0' } },
    { fromKey: 'p1-e2', mention: 'page 2', target: { type: 'page', pageNumber: 2 } },
    { fromKey: 'p1-e2', mention: 'Section 1.1', target: { type: 'section', key: 's1' } },
  ],
};

describe('meanVector', () => {
  it('averages unit vectors and re-normalises', () => {
    const v = meanVector([new Float32Array([1, 0]), new Float32Array([0, 1])])!;
    expect(v[0]).toBeCloseTo(Math.SQRT1_2);
    expect(v[1]).toBeCloseTo(Math.SQRT1_2);
    expect(meanVector([])).toBeNull();
  });
});

describe('buildGraphRows', () => {
  const rows = buildGraphRows('doc', model, new Map([['s0', new Float32Array([1, 0])]]));

  it('gives stable, readable ids and the document-wide reading order', () => {
    expect(rows.elements.map((e) => [e.id, e.readingIndex])).toEqual([
      ['doc:p1-e0', 0],
      ['doc:p1-e1', 1],
      ['doc:p1-e2', 2],
      ['doc:p2-e0', 3],
      ['doc:p2-e1', 4],
    ]);
    expect(rows.nextElements).toHaveLength(4);
    expect(rows.nextElements[2]).toEqual({ from: 'doc:p1-e2', to: 'doc:p2-e0' }); // across the page break
  });

  it('writes elements without vectors, and no page vector without passages', () => {
    expect(rows.elements.every((e) => !('embedding' in e))).toBe(true);
    expect(rows.pages.map((p) => p.embedding)).toEqual([null, null]);
    expect(rows.pages.map((p) => p.headEmbedding)).toEqual([null, null]);
    expect(rows.pages[0]!.elementCount).toBe(3);
    expect(rows.sections[0]!.embedding).toEqual([1, 0]);
  });

  it('links captions, sections and each kind of cross-reference', () => {
    expect(rows.captions).toEqual([{ from: 'doc:p2-e1', to: 'doc:p2-e0' }]);
    expect(rows.sections.map((s) => [s.id, s.parentId])).toEqual([
      ['doc:s0', null],
      ['doc:s1', 'doc:s0'],
    ]);
    expect(rows.sectionElements[1]).toEqual({ sectionId: 'doc:s1', elementIds: ['doc:p2-e0', 'doc:p2-e1'] });
    expect(rows.refsToElements).toEqual([{ from: 'doc:p1-e2', to: 'doc:p2-e0', mention: 'Table 1' }]);
    expect(rows.refsToPages).toEqual([{ from: 'doc:p1-e2', pageNumber: 2, mention: 'page 2' }]);
    expect(rows.refsToSections).toEqual([{ from: 'doc:p1-e2', to: 'doc:s1', mention: 'Section 1.1' }]);
  });
});

describe('retrieval units of a document model', () => {
  const units = buildRetrievalUnits(unitSources('doc', model), estimateTokens);

  it('takes graph ids, section paths and caption targets from the model', () => {
    expect(units.map((u) => [u.key, u.kind, u.elementIds])).toEqual([
      ['p1-u0', 'text', ['doc:p1-e1', 'doc:p1-e2']],
      ['p2-u0', 'table', ['doc:p2-e0', 'doc:p2-e1']],
    ]);
    expect(units[1]!.text).toBe('1 Intro > 1.1 Data\nTable 1: Numbers\n| a | b |\n|---|---|\n| 1 | 2 |');
  });

  it('makes each page vector the mean of its passage vectors', () => {
    const passages = passageRows('doc', units, [new Float32Array([0, 1]), new Float32Array([1, 0])]);
    expect(passages.map((p) => p.id)).toEqual(['doc:p1-u0', 'doc:p2-u0']);
    const rows = buildGraphRows(
      'doc',
      model,
      new Map(),
      passages,
      new Map([[2, new Float32Array([0.6, 0.8])]]),
    );
    expect(rows.pages.map((p) => p.embedding)).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(rows.pages.map((p) => p.headEmbedding)).toEqual([null, [0.6000000238418579, 0.800000011920929]]);
    expect(rows.passages).toBe(passages);
  });
});
