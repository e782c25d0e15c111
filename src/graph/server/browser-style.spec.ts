import {
  browserPostConnectCommand,
  FOLIO_GRASS,
  FOLIO_GRASS_RULES,
  STYLED_KIND_LABELS,
  STYLED_LABELS,
  STYLED_TYPES,
} from './browser-style';
import { ELEMENT_KIND_LABELS } from '../../document/document-model';

/**
 * The style as Neo4j Browser reads it (its parseGrass: JSON when it parses, else a CSS reader that drops quotes
 * and keeps a declaration only when it splits at ':' into exactly two parts).
 */
function browserReads(text: string): Record<string, Record<string, string>> {
  try {
    return JSON.parse(text) as Record<string, Record<string, string>>;
  } catch {
    // Its character loop: quotes toggle a string (and are dropped), braces in a string are kept.
    const bodies: Record<string, string> = {};
    let [inString, inProps, inBinding, selector, props] = [false, false, false, '', ''];
    for (const c of text) {
      let skip = true;
      if (c === '{') {
        if (inString) skip = false;
        else if (inProps) inBinding = true;
        else inProps = true;
      } else if (c === '}') {
        if (inString) skip = false;
        else if (inBinding) inBinding = false;
        else [inProps, bodies[selector], selector, props] = [false, props, '', ''];
      } else if (c === '"' || c === "'") inString = !inString;
      else skip = false;
      if (skip) continue;
      if (inProps) props += c;
      else if (!/\s/.test(c)) selector += c;
    }
    const rules: Record<string, Record<string, string>> = {};
    for (const [sel, body] of Object.entries(bodies)) {
      rules[sel] = {};
      for (const decl of body.split(';')) {
        const parts = decl.split(':');
        if (parts.length === 2) rules[sel][parts[0]!.trim()] = parts[1]!.trim();
      }
    }
    return rules;
  }
}

/** Browser's split of post_connect_cmd: at ';' outside quotes, trimmed, empty parts dropped. */
function postConnectCommands(setting: string): string[] {
  const masked = setting.replace(/("[^"]*?"|'[^']*?'|`[^`]*?`)/g, (m) => m.replace(/;/g, '@@semicolon@@'));
  return masked
    .split(';')
    .map((c) => c.trim().replace(/@@semicolon@@/g, ';'))
    .filter(Boolean);
}

/** Properties the style's captions read that Folio stores as strings (a number would print as "61.0"). */
const STRING_PROPERTIES: Record<string, string[]> = {
  Document: ['title'],
  Page: ['name'],
  Section: ['title'],
  Element: ['kind', 'text'],
  Passage: ['text'],
  Summary: ['kind', 'text'],
  Revision: ['summary'],
};

describe("Folio's Neo4j Browser style", () => {
  const rules = browserReads(FOLIO_GRASS);

  it('keeps every caption as Browser reads it, colons included', () => {
    expect(rules).toEqual(FOLIO_GRASS_RULES);
    expect(rules['node.Element']!.caption).toBe('{kind}: {text}');
    expect(rules['node.Page']!.caption).toBe('{name}');
    // The CSS form this replaces lost the element caption in Browser's reader: the reason for JSON.
    expect(
      browserReads('node.Element { caption: "{kind}: {text}"; color: #76b7b2; }')['node.Element'],
    ).toEqual({
      color: '#76b7b2',
    });
  });

  it('styles every label with a colour, a size and a caption from string properties only', () => {
    expect(STYLED_LABELS.sort()).toEqual(Object.keys(STRING_PROPERTIES).sort());
    for (const label of STYLED_LABELS) {
      const rule = rules[`node.${label}`]!;
      expect(rule).toMatchObject({
        color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
        diameter: expect.stringMatching(/px$/),
      });
      const read = [...rule.caption!.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(read.length).toBeGreaterThan(0);
      for (const property of read)
        expect([label, STRING_PROPERTIES[label]]).toEqual([label, expect.arrayContaining([property])]);
    }
  });

  it('colours the element kind labels people look for, after node.Element so Browser lets them win', () => {
    expect(STYLED_KIND_LABELS).toEqual(
      expect.arrayContaining(['Table', 'Figure', 'Chart', 'Caption', 'Heading']),
    );
    const order = Object.keys(FOLIO_GRASS_RULES);
    const colours = new Set<string>();
    for (const label of STYLED_KIND_LABELS) {
      expect(ELEMENT_KIND_LABELS).toContain(label);
      expect(order.indexOf(`node.${label}`)).toBeGreaterThan(order.indexOf('node.Element'));
      // No caption of its own: the Element caption ("{kind}: {text}") applies.
      expect(rules[`node.${label}`]).toEqual({
        color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
        'border-color': expect.any(String),
      });
      colours.add(rules[`node.${label}`]!.color!);
    }
    expect(colours.has(rules['node.Element']!.color!)).toBe(false);
    expect(colours.size).toBe(STYLED_KIND_LABELS.length);
  });

  it('captions the typed relationships with their properties', () => {
    expect(rules['relationship.RELATES_TO']!.caption).toBe('{relation}');
    expect(rules['relationship.SIMILAR_TO']!.caption).toBe('similar {score}');
    for (const type of STYLED_TYPES) expect(rules[`relationship.${type}`]?.caption).toBeDefined();
  });

  it('on connect applies the style inline, clears the frame that lists it, and opens the guide', () => {
    const commands = postConnectCommands(browserPostConnectCommand('http://10.0.0.5:3123'));
    expect(commands).toHaveLength(3);
    const [style, clear, guide] = commands;
    expect(style!.startsWith('style {')).toBe(true);
    expect(browserReads(style!.slice('style '.length))).toEqual(FOLIO_GRASS_RULES);
    expect(clear).toBe('clear');
    expect(guide).toBe('guide http://10.0.0.5:3123/browser/guide.html');
  });
});
