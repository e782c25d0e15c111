import { FOLIO_GRASS, STYLED_LABELS, STYLED_TYPES } from './browser-style';

/** A small GraSS reader: selector → properties, failing on anything Neo4j Browser would not parse. */
function parseGrass(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  // a block body holds declarations whose quoted captions may contain {property} placeholders
  const block = /([\w.]+)\s*\{((?:"[^"]*"|[^{}"])*)\}/g;
  const outside = text.replace(block, '').trim();
  if (outside) throw new Error(`text outside any block: ${outside.slice(0, 80)}`);
  const blocks = [...text.matchAll(block)];
  for (const [, selector, body] of blocks) {
    const props: Record<string, string> = {};
    for (const decl of body!
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)) {
      const m = /^([a-z-]+):\s*(.+)$/.exec(decl);
      if (!m) throw new Error(`bad declaration in ${selector}: ${decl}`);
      props[m[1]!] = m[2]!;
    }
    rules.set(selector!, props);
  }
  return rules;
}

describe("Folio's Neo4j Browser style", () => {
  const rules = parseGrass(FOLIO_GRASS);

  it('styles every label with a colour, a size and a caption a person reads', () => {
    for (const label of ['Document', 'Page', 'Element', 'Section', 'Summary', 'Revision', 'Passage']) {
      const rule = rules.get(`node.${label}`);
      expect(rule).toMatchObject({
        color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
        diameter: expect.stringMatching(/px$/),
      });
      expect(rule!.caption).toMatch(/^".*\{\w+\}.*"$/);
    }
    expect(rules.get('node.Page')!.caption).toBe('"p. {number}"');
    expect(rules.get('node.Element')!.caption).toBe('"{kind}: {text}"');
    expect(rules.get('node.Summary')!.caption).toBe('"{kind} L{level}"');
    expect(STYLED_LABELS).toHaveLength(7);
  });

  it('captions the typed relationships with their properties', () => {
    expect(rules.get('relationship.RELATES_TO')!.caption).toBe('"{relation}"');
    expect(rules.get('relationship.SIMILAR_TO')!.caption).toBe('"similar {score}"');
    for (const type of STYLED_TYPES) expect(rules.get(`relationship.${type}`)?.caption).toBeDefined();
  });
});
