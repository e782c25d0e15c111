import type { DocumentAnalytics, PageGraphAnalytics } from './analytics.types';
import { renderDocumentReport } from './html-report';
import { escapeHtml } from './html-text';

const analytics: DocumentAnalytics = {
  overview: {
    docId: 'd1',
    title: 'A <report>',
    fileName: 'r.pdf',
    pageCount: 3,
    ocrPages: 1,
    ocrShare: 1 / 3,
    elements: 9,
    sections: 2,
    tables: 1,
    figures: 1,
    charts: 0,
    nextPageEdges: 2,
    similarEdges: 0,
  },
  sectionTree: {
    sectionCount: 2,
    maxDepth: 2,
    leafCount: 1,
    minLeafDepth: 2,
    maxLeafDepth: 2,
    meanChildren: 1,
    childrenStdDev: 0,
    levels: [
      { depth: 1, sections: 1 },
      { depth: 2, sections: 1 },
    ],
  },
  sections: [
    {
      sectionId: 's0',
      title: 'Intro',
      path: 'Intro',
      level: 1,
      pageStart: 1,
      pageEnd: 3,
      kinds: [{ kind: 'paragraph', count: 4 }],
    },
    {
      sectionId: 's1',
      title: 'Data',
      path: 'Intro > Data',
      level: 2,
      pageStart: 2,
      pageEnd: 3,
      kinds: [{ kind: 'table', count: 1 }],
    },
  ],
  pages: [],
  captions: { uncaptioned: [], orphanCaptions: [] },
  crossReferences: {
    references: 2,
    byTarget: [{ target: 'table', count: 2 }],
    perPage: 0.67,
    per100Elements: 22,
    dangling: 0,
    danglingSamples: [],
  },
  readingOrder: {
    elements: 9,
    chainLinks: 8,
    backwardPageSteps: 0,
    skippedPageSteps: 0,
    backwardInPage: 0,
    offChain: 0,
    branching: 0,
    samples: [],
  },
  hubPages: [],
};

const graph: PageGraphAnalytics = {
  relationships: ['REFERS_TO', 'NEXT_PAGE'],
  nodeCount: 3,
  relationshipCount: 8,
  estimate: { projectionBytes: 1, pageRankBytes: 1, leidenBytes: 1, wccBytes: 1 },
  centralPages: [{ pageId: 'd1:p2', docId: 'd1', pageNumber: 2, score: 1.2, title: 'Data & more' }],
  communities: [1, 2, 3].map((n) => ({
    pageId: `d1:p${n}`,
    docId: 'd1',
    pageNumber: n,
    community: n === 1 ? 0 : 5,
  })),
  components: [{ component: 0, docId: 'd1', size: 3, pageNumbers: [1, 2, 3] }],
  written: 0,
};

describe('the HTML structure report', () => {
  const html = renderDocumentReport(analytics, graph);

  it('is self-contained: inline SVG charts, no script, nothing fetched', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html.match(/<svg /g)).toHaveLength(4); // section tree, kinds per section, central pages, community map
    expect(html).not.toMatch(/<script|<link |src=|url\(/i);
  });

  it('escapes document text', () => {
    expect(html).toContain('A &lt;report&gt;');
    expect(html).toContain('Data &amp; more');
    expect(escapeHtml(`"'`)).toBe('&quot;&#39;');
  });

  it('colours pages by community: two communities, three page squares', () => {
    const squares = html.match(/<title>page \d, community \d+<\/title>/g);
    expect(squares).toHaveLength(3);
    expect(html).toContain('2 communities; 1 weakly connected components');
  });
});
