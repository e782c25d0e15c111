import type {
  CorpusDocumentRow,
  DocumentAnalytics,
  DocumentSimilarity,
  PageGraphAnalytics,
  SectionKinds,
} from './analytics.types';

// A self-contained HTML report: inline CSS and SVG only, no script and no network fetch, so it opens anywhere.

const KIND_COLOURS: Record<string, string> = {
  heading: '#1f4e79',
  paragraph: '#8faadc',
  list: '#5b9bd5',
  table: '#c55a11',
  figure: '#70ad47',
  chart: '#548235',
  caption: '#ffc000',
  formula: '#7030a0',
  footnote: '#a5a5a5',
  'page-header': '#d9d9d9',
  'page-footer': '#bfbfbf',
};
const PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
];

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const fmt = (n: number, digits = 2): string => (Number.isInteger(n) ? String(n) : n.toFixed(digits));
const kindColour = (kind: string): string => KIND_COLOURS[kind] ?? '#666666';

function table(header: string[], rows: (string | number)[][]): string {
  const head = header.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const body = rows
    .map(
      (r) =>
        `<tr>${r.map((c) => `<td>${escapeHtml(typeof c === 'number' ? fmt(c) : c)}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The outline as indented bars: x = depth, width = the pages the section spans. */
export function sectionTreeSvg(sections: SectionKinds[], pageCount: number): string {
  const rows = sections.filter((s) => s.sectionId !== null).slice(0, 60);
  if (rows.length === 0) return '<p>No sections.</p>';
  const rowH = 18;
  const width = 760;
  const labelW = 300;
  const scale = (width - labelW - 20) / Math.max(pageCount, 1);
  const bars = rows
    .map((s, i) => {
      const y = i * rowH + 4;
      const start = (s.pageStart ?? 1) - 1;
      const span = Math.max((s.pageEnd ?? s.pageStart ?? 1) - (s.pageStart ?? 1) + 1, 1);
      const indent = (s.level - 1) * 12;
      const title = escapeHtml((s.title ?? '').slice(0, 42));
      return (
        `<text x="${4 + indent}" y="${y + 12}" font-size="11">${title}</text>` +
        `<rect x="${labelW + start * scale}" y="${y + 2}" width="${Math.max(span * scale, 2)}" height="${rowH - 6}" ` +
        `fill="${PALETTE[(s.level - 1) % PALETTE.length]}"><title>${title}: pages ${s.pageStart}–${s.pageEnd}</title></rect>`
      );
    })
    .join('');
  const height = rows.length * rowH + 24;
  const axis = `<text x="${labelW}" y="${height - 4}" font-size="10">page 1</text><text x="${width - 60}" y="${height - 4}" font-size="10">page ${pageCount}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img" aria-label="section tree">${bars}${axis}</svg>`;
}

/** Stacked bars: elements per kind in each section. */
export function kindsPerSectionSvg(sections: SectionKinds[]): string {
  const rows = sections.slice(0, 40);
  if (rows.length === 0) return '<p>No elements.</p>';
  const kinds = [...new Set(rows.flatMap((s) => s.kinds.map((k) => k.kind)))].sort();
  const max = Math.max(...rows.map((s) => s.kinds.reduce((t, k) => t + k.count, 0)), 1);
  const rowH = 18;
  const labelW = 260;
  const width = 760;
  const scale = (width - labelW - 40) / max;
  const bars = rows
    .map((s, i) => {
      const y = i * rowH + 4;
      let x = labelW;
      const segs = s.kinds
        .map((k) => {
          const w = k.count * scale;
          const seg = `<rect x="${x}" y="${y + 2}" width="${w}" height="${rowH - 6}" fill="${kindColour(k.kind)}"><title>${escapeHtml(k.kind)}: ${k.count}</title></rect>`;
          x += w;
          return seg;
        })
        .join('');
      const label = escapeHtml((s.title ?? '(no section)').slice(0, 38));
      return `<text x="4" y="${y + 12}" font-size="11">${label}</text>${segs}`;
    })
    .join('');
  const legendY = rows.length * rowH + 16;
  const legend = kinds
    .map(
      (k, i) =>
        `<rect x="${4 + i * 95}" y="${legendY}" width="10" height="10" fill="${kindColour(k)}"/><text x="${18 + i * 95}" y="${legendY + 9}" font-size="10">${escapeHtml(k)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${legendY + 20}" role="img" aria-label="element kinds per section">${bars}${legend}</svg>`;
}

/** One square per page in reading order, coloured by community; a darker border marks the central pages. */
export function communityMapSvg(graph: PageGraphAnalytics, docId: string): string {
  const pages = graph.communities
    .filter((c) => c.docId === docId)
    .sort((a, b) => a.pageNumber - b.pageNumber);
  if (pages.length === 0) return '<p>No pages.</p>';
  const ids = [...new Set(pages.map((p) => p.community))];
  const central = new Set(
    graph.centralPages
      .filter((p) => p.docId === docId)
      .slice(0, 5)
      .map((p) => p.pageNumber),
  );
  const cell = 26;
  const perRow = 25;
  const squares = pages
    .map((p, i) => {
      const x = (i % perRow) * cell + 2;
      const y = Math.floor(i / perRow) * cell + 2;
      const colour = PALETTE[ids.indexOf(p.community) % PALETTE.length];
      const stroke = central.has(p.pageNumber) ? 'stroke="#000" stroke-width="3"' : 'stroke="#fff"';
      return `<rect x="${x}" y="${y}" width="${cell - 2}" height="${cell - 2}" fill="${colour}" ${stroke}><title>page ${p.pageNumber}, community ${p.community}</title></rect><text x="${x + 3}" y="${y + 16}" font-size="10" fill="#fff">${p.pageNumber}</text>`;
    })
    .join('');
  const height = Math.ceil(pages.length / perRow) * cell + 4;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${perRow * cell + 4}" height="${height}" role="img" aria-label="community map of pages">${squares}</svg>`;
}

/** Horizontal bars of PageRank for the central pages, labelled with their titles. */
export function centralPagesSvg(graph: PageGraphAnalytics): string {
  const pages = graph.centralPages.slice(0, 10);
  if (pages.length === 0) return '<p>No pages.</p>';
  const max = Math.max(...pages.map((p) => p.score), 1e-9);
  const rowH = 20;
  const labelW = 380;
  const bars = pages
    .map((p, i) => {
      const y = i * rowH + 4;
      const label = escapeHtml(`p. ${p.pageNumber} — ${p.title}`.slice(0, 60));
      return `<text x="4" y="${y + 13}" font-size="11">${label}</text><rect x="${labelW}" y="${y + 3}" width="${(p.score / max) * 340}" height="${rowH - 6}" fill="#4e79a7"/><text x="${labelW + (p.score / max) * 340 + 4}" y="${y + 13}" font-size="10">${fmt(p.score, 3)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="780" height="${pages.length * rowH + 8}" role="img" aria-label="central pages">${bars}</svg>`;
}

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;margin:24px;max-width:980px;color:#222}
table{border-collapse:collapse;margin:8px 0 16px}th,td{border:1px solid #ccc;padding:3px 8px;font-size:13px;text-align:left}
th{background:#f3f3f3}h2{margin-top:28px;border-bottom:1px solid #ddd}svg{display:block;margin:8px 0}`;

const page = (title: string, body: string): string =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>\n<body>\n<h1>${escapeHtml(title)}</h1>\n${body}\n</body></html>\n`;

export function renderDocumentReport(a: DocumentAnalytics, graph: PageGraphAnalytics | null): string {
  const o = a.overview;
  const t = a.sectionTree;
  const x = a.crossReferences;
  const r = a.readingOrder;
  const parts = [
    `<p>${escapeHtml(o.fileName ?? '')} · document <code>${escapeHtml(o.docId)}</code></p>`,
    table(
      [
        'pages',
        'OCR pages',
        'elements',
        'sections',
        'tables',
        'figures',
        'charts',
        'NEXT_PAGE',
        'SIMILAR_TO',
      ],
      [
        [
          o.pageCount,
          `${o.ocrPages} (${fmt(100 * o.ocrShare, 1)} %)`,
          o.elements,
          o.sections,
          o.tables,
          o.figures,
          o.charts,
          o.nextPageEdges,
          o.similarEdges,
        ],
      ],
    ),
    '<h2>Section tree</h2>',
    table(
      ['sections', 'max depth', 'leaves', 'leaf depth', 'children (mean ± sd)'],
      [
        [
          t.sectionCount,
          t.maxDepth,
          t.leafCount,
          `${t.minLeafDepth ?? '–'}–${t.maxLeafDepth ?? '–'}`,
          `${fmt(t.meanChildren)} ± ${fmt(t.childrenStdDev)}`,
        ],
      ],
    ),
    sectionTreeSvg(a.sections, o.pageCount),
    '<h2>Element kinds per section</h2>',
    kindsPerSectionSvg(a.sections),
    '<h2>Captions and cross-references</h2>',
    table(
      [
        'uncaptioned visuals',
        'captions naming nothing',
        'references',
        'per page',
        'per 100 text elements',
        'dangling mentions',
      ],
      [
        [
          a.captions.uncaptioned.length,
          a.captions.orphanCaptions.length,
          x.references,
          x.perPage,
          x.per100Elements,
          x.dangling,
        ],
      ],
    ),
    table(
      ['target', 'references'],
      x.byTarget.map((b) => [b.target, b.count]),
    ),
    '<h2>Reading order</h2>',
    table(
      [
        'elements',
        'chain links',
        'back a page',
        'skips a page',
        'back within a page',
        'off the chain',
        'branching',
      ],
      [
        [
          r.elements,
          r.chainLinks,
          r.backwardPageSteps,
          r.skippedPageSteps,
          r.backwardInPage,
          r.offChain,
          r.branching,
        ],
      ],
    ),
    '<h2>Hub pages (degree over NEXT_PAGE, SIMILAR_TO, REFERS_TO)</h2>',
    table(
      [
        'page',
        'degree',
        'NEXT_PAGE',
        'SIMILAR_TO',
        'refers out',
        'referred in',
        'tables',
        'figures',
        'charts',
      ],
      a.hubPages.map((p) => [
        p.pageNumber,
        p.degree,
        p.nextPage,
        p.similar,
        p.refersOut,
        p.refersIn,
        p.tables,
        p.figures,
        p.charts,
      ]),
    ),
  ];
  if (graph) {
    const components = graph.components.filter((c) => c.docId === o.docId);
    parts.push(
      `<h2>Central pages (PageRank over ${graph.relationships.join(' ∪ ')})</h2>`,
      centralPagesSvg(graph),
      '<h2>Community map of pages (Leiden; black border: the five most central)</h2>',
      communityMapSvg(graph, o.docId),
      `<p>${new Set(graph.communities.map((c) => c.community)).size} communities; ${components.length} weakly connected components, ${components.filter((c) => c.size === 1).length} of them single pages nothing links to.</p>`,
    );
  }
  return page(`Folio structure report: ${o.title ?? o.docId}`, parts.join('\n'));
}

export function renderCorpusReport(rows: CorpusDocumentRow[], similar: DocumentSimilarity[]): string {
  const parts = [
    `<p>${rows.length} documents.</p>`,
    table(
      [
        'file',
        'pages',
        'OCR %',
        'elements',
        'sections',
        'depth',
        'visuals',
        'uncaptioned',
        'refs/page',
        'SIMILAR_TO',
      ],
      rows.map((d) => [
        d.fileName ?? d.docId,
        d.pageCount,
        fmt(100 * d.ocrShare, 1),
        d.elements,
        d.sections,
        d.maxDepth,
        d.visuals,
        d.uncaptioned,
        d.referencesPerPage,
        d.similarEdges,
      ]),
    ),
  ];
  if (similar.length) {
    parts.push(
      '<h2>Most similar documents (GDS kNN, cosine of mean section vectors)</h2>',
      table(
        ['document', 'nearest', 'cosine'],
        similar.map((s) => [s.title ?? s.docId, s.otherTitle ?? s.otherDocId, fmt(s.similarity, 3)]),
      ),
    );
  }
  return page('Folio corpus structure report', parts.join('\n'));
}
