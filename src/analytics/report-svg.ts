import type { PageGraphAnalytics, SectionKinds } from './analytics.types';
import { escapeHtml, fmt } from './html-text';

// The analytics report's charts as inline SVG (no script, no fetch).

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

const kindColour = (kind: string): string => KIND_COLOURS[kind] ?? '#666666';

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
