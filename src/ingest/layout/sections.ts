// Sections: from the PDF outline when there is one, else from detected headings.
// Elements before the first section belong to no section (there is no synthetic "Front matter" section);
// running headers and footers are page furniture and belong to no section either.
import type { LayoutElement, OutlineEntry, SectionNode } from '../../document/document-model';

interface Positioned {
  node: SectionNode;
  top: number;
}

/** The heading's own level, used for nesting while `SectionNode.level` is the depth in the tree. */
const levels = new WeakMap<SectionNode, number>();

/** A destination within this fraction of the page height from the top counts as "top of the page". */
const TOP_OF_PAGE_FRACTION = 0.15;

export function sectionsFromOutline(
  outline: OutlineEntry[],
  pageCount: number,
  pageHeights: number[],
  elements: LayoutElement[],
): SectionNode[] {
  const flat: Array<Positioned & { depth: number; subtreeEnd: number }> = [];
  const walk = (entries: OutlineEntry[], parent: SectionNode | null, depth: number): void => {
    for (const entry of entries) {
      if (entry.pageNumber === null || entry.pageNumber < 1 || entry.pageNumber > pageCount) {
        walk(entry.children, parent, depth); // Unresolvable entry: keep its children under the parent.
        continue;
      }
      const order = flat.length;
      const node: SectionNode = {
        key: `s${order}`,
        title: entry.title || `Section ${order + 1}`,
        level: depth + 1,
        path: parent ? `${parent.path} > ${entry.title}` : entry.title,
        order,
        pageStart: entry.pageNumber,
        pageEnd: pageCount,
        parentKey: parent?.key ?? null,
        elementKeys: [],
        source: 'outline',
      };
      const item = { node, top: entry.top ?? 0, depth, subtreeEnd: order };
      flat.push(item);
      walk(entry.children, node, depth + 1);
      item.subtreeEnd = flat.length - 1;
    }
  };
  walk(outline, null, 0);

  // pageEnd: where the next section that is not a descendant (next sibling or an ancestor's sibling) starts.
  flat.forEach((item) => {
    const next = flat[item.subtreeEnd + 1];
    if (!next) return;
    const nextHeight = pageHeights[next.node.pageStart - 1] ?? 792;
    const startsAtTop = next.top <= nextHeight * TOP_OF_PAGE_FRACTION;
    let end = next.node.pageStart;
    if (startsAtTop && next.node.pageStart > item.node.pageStart) end -= 1;
    item.node.pageEnd = Math.min(pageCount, Math.max(item.node.pageStart, end));
  });
  assignElements(flat, elements);
  return flat.map((f) => f.node);
}

/** The front of a document, where its title and cover lines are: the first 20 % of its pages, at least two. */
const FRONT_FRACTION = 0.2;
const FRONT_MIN_PAGES = 2;

/**
 * The headings that title the document rather than open a section: on its front pages, at a level no later
 * heading reaches, with at least two headings after them. Nested by font size they would become every section's
 * ancestor (a report's title over all its chapters, a cover's address over an 8-K); they are sections of their own
 * that end at the next heading, and later headings do not nest under them.
 */
function titleHeadings(headings: LayoutElement[], pageCount: number): Set<LayoutElement> {
  const front = Math.max(FRONT_MIN_PAGES, Math.ceil(FRONT_FRACTION * pageCount));
  const titles = new Set<LayoutElement>();
  // From the end, the highest level (smallest number) any later heading has: one pass, however many headings.
  let highestLater = Number.POSITIVE_INFINITY;
  for (let i = headings.length - 1; i >= 0; i--) {
    const heading = headings[i]!;
    const level = heading.headingLevel ?? 1;
    if (heading.pageNumber <= front && headings.length - 1 - i >= 2 && highestLater > level)
      titles.add(heading);
    highestLater = Math.min(highestLater, level);
  }
  return titles;
}

export function sectionsFromHeadings(elements: LayoutElement[], pageCount: number): SectionNode[] {
  const headings = elements.filter((e) => e.kind === 'heading' && e.text.trim());
  const titles = titleHeadings(headings, pageCount);
  const titleNodes = new Set<SectionNode>();
  const flat: Positioned[] = [];
  const stack: SectionNode[] = [];
  for (const heading of headings) {
    const level = heading.headingLevel ?? 1;
    while (stack.length && (levels.get(stack[stack.length - 1]!) ?? 0) >= level) stack.pop();
    const parent = stack[stack.length - 1] ?? null;
    const title = heading.text.replace(/\s+/g, ' ').trim();
    const order = flat.length;
    const node: SectionNode = {
      key: `s${order}`,
      title,
      level: parent ? parent.level + 1 : 1,
      path: parent ? `${parent.path} > ${title}` : title,
      order,
      pageStart: heading.pageNumber,
      pageEnd: pageCount,
      parentKey: parent?.key ?? null,
      elementKeys: [],
      source: 'headings',
    };
    flat.push({ node, top: heading.bbox[1] });
    levels.set(node, level);
    if (titles.has(heading)) titleNodes.add(node);
    else stack.push(node);
  }
  // pageEnd: the page of the last element before the next heading at the same or a higher level (a title's: the
  // next heading).
  const positions = new Map(elements.map((e, i) => [e.key, i]));
  flat.forEach((item, i) => {
    const ownLevel = levels.get(item.node) ?? 1;
    const next = flat
      .slice(i + 1)
      .find((f) => titleNodes.has(item.node) || (levels.get(f.node) ?? 1) <= ownLevel);
    if (!next) return;
    const nextHeading = headings.find((h) => h.pageNumber === next.node.pageStart && h.bbox[1] === next.top);
    const index = nextHeading ? (positions.get(nextHeading.key) ?? 0) : 0;
    const before = elements
      .slice(0, index)
      .reverse()
      .find((e) => e.kind !== 'page-header' && e.kind !== 'page-footer');
    item.node.pageEnd = Math.max(item.node.pageStart, before?.pageNumber ?? next.node.pageStart);
  });
  assignElements(flat, elements);
  return flat.map((f) => f.node);
}

/** Each element goes to the most recently started section (the deepest, since children start after parents). */
function assignElements(flat: Positioned[], elements: LayoutElement[]): void {
  const starts = [...flat].sort(
    (a, b) => a.node.pageStart - b.node.pageStart || a.top - b.top || a.node.order - b.node.order,
  );
  for (const element of elements) {
    if (element.kind === 'page-header' || element.kind === 'page-footer') continue;
    let owner: SectionNode | null = null;
    for (const start of starts) {
      const before =
        start.node.pageStart < element.pageNumber ||
        (start.node.pageStart === element.pageNumber && start.top <= element.bbox[1] + 2);
      if (!before) break;
      owner = start.node;
    }
    owner?.elementKeys.push(element.key);
  }
}
