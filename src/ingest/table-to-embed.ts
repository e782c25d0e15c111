const GRID_RULE = /^\|(\s*:?-{3,}:?\s*\|)+$/;
/** A cell of figures only ("$", "6,779,511", "(132,716)", "12.5 %", "—"): matched by full text, not by meaning. */
const FIGURE_CELL = /^[\s$€£¥%()+\-–—.,0-9]*$/;

/**
 * A table unit as embedded: header rows and each row's labels, no digits or rules (a question matches a table by its
 * title, headers and line items; the full-text index matches the numbers). The stored text keeps the whole grid. */
export function tableToEmbed(table: string): string {
  const lines = table.split('\n').map((line) => line.trim());
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (GRID_RULE.test(line)) return;
    if (!line.startsWith('|')) {
      out.push(line);
      return;
    }
    const isHeader = GRID_RULE.test(lines[i + 1] ?? '');
    const cells = line
      .split('|')
      .map((cell) => cell.trim())
      .filter((cell) => cell && (isHeader || !FIGURE_CELL.test(cell)));
    if (cells.length) out.push(cells.join(' '));
  });
  return out.join('\n');
}
