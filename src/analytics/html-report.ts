import type {
  CorpusDocumentRow,
  DocumentAnalytics,
  DocumentSimilarity,
  PageGraphAnalytics,
} from './analytics.types';
import { escapeHtml, fmt } from './html-text';
import {
  captionReferenceRow,
  CORPUS_COLUMNS,
  corpusRow,
  HUB_PAGE_COLUMNS,
  hubPageRow,
  overviewRow,
} from './report-rows';
import { centralPagesSvg, communityMapSvg, kindsPerSectionSvg, sectionTreeSvg } from './report-svg';

// A self-contained HTML report: inline CSS and SVG only, no script and no network fetch, so it opens anywhere.

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
      [overviewRow(o, fmt)],
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
      [captionReferenceRow(a)],
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
    table(['page', ...HUB_PAGE_COLUMNS], a.hubPages.map(hubPageRow)),
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
  const parts = [`<p>${rows.length} documents.</p>`, table(CORPUS_COLUMNS, rows.map(corpusRow))];
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
