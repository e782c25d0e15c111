// Sections: from the PDF outline when there is one, else from detected headings.
// Elements before the first section belong to no section (there is no synthetic "Front matter" section);
// running headers and footers are page furniture and belong to no section either.
import type { LayoutElement, OutlineEntry, SectionNode } from '../../document/document-model';
import { outlineHeadings } from './outline-headings';

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

export function sectionsFromHeadings(
  elements: LayoutElement[],
  pageCount: number,
  coverKeys: ReadonlySet<string> = new Set(),
): SectionNode[] {
  const outline = outlineHeadings(elements, pageCount, coverKeys);
  const closesAtNext = new Set<SectionNode>();
  const flat: Positioned[] = [];
  const stack: SectionNode[] = [];
  for (const { heading, title, level, canParent } of outline) {
    while (stack.length && (levels.get(stack[stack.length - 1]!) ?? 0) >= level) stack.pop();
    const parent = stack[stack.length - 1] ?? null;
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
    if (canParent) stack.push(node);
    else closesAtNext.add(node);
  }
  // pageEnd: the page of the last element before the next heading at the same or a higher level (a title's or a
  // contents page's: the next heading).
  const positions = new Map(elements.map((e, i) => [e.key, i]));
  flat.forEach((item, i) => {
    const ownLevel = levels.get(item.node) ?? 1;
    const nextIndex = flat.findIndex(
      (f, j) => j > i && (closesAtNext.has(item.node) || (levels.get(f.node) ?? 1) <= ownLevel),
    );
    if (nextIndex < 0) return;
    const nextHeading = outline[nextIndex]?.heading;
    const index = nextHeading ? (positions.get(nextHeading.key) ?? 0) : 0;
    const before = elements
      .slice(0, index)
      .reverse()
      .find((e) => e.kind !== 'page-header' && e.kind !== 'page-footer');
    item.node.pageEnd = Math.max(item.node.pageStart, before?.pageNumber ?? item.node.pageStart);
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
