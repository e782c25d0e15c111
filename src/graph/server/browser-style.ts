// Folio's Neo4j Browser style (GraSS), served at /browser/folio.grass for `:style <url>` and applied on connect by
// the launcher's and compose's `browser.post_connect_cmd`. Written as JSON, which Browser reads as it is: its CSS
// reader splits a declaration at every ':', so a caption such as "{kind}: {text}" would be dropped.

type Rule = Record<string, string>;

/**
 * Captions name only string properties (a page by its `name`, "p. 61", not its number). Element kinds are secondary
 * labels (:Element:Table), so the kinds people look for get their own colour below; the caption leads with the kind.
 */
const NODE_STYLES: Record<string, Rule> = {
  Document: { diameter: '80px', color: '#1f4e79', 'border-color': '#163a5a', caption: '{title}' },
  Page: { diameter: '50px', color: '#4e79a7', 'border-color': '#3b5f86', caption: '{name}' },
  Section: { diameter: '60px', color: '#f28e2b', 'border-color': '#c8701d', caption: '{title}' },
  Element: { diameter: '65px', color: '#76b7b2', 'border-color': '#5a9691', caption: '{kind}: {text}' },
  Passage: { diameter: '45px', color: '#bab0ac', 'border-color': '#9c9490', caption: '{text}' },
  Summary: { diameter: '55px', color: '#b07aa1', 'border-color': '#8f5f82', caption: '{kind}: {text}' },
  Revision: { diameter: '30px', color: '#edc948', 'border-color': '#c9a933', caption: 'revision: {summary}' },
};

/** Colours of element kind labels; Browser merges matching rules in order, so these follow node.Element and win. */
const KIND_STYLES: Record<string, Rule> = {
  Heading: { color: '#59a14f', 'border-color': '#45803d' },
  Table: { color: '#e15759', 'border-color': '#b94446' },
  Figure: { color: '#9c755f', 'border-color': '#7c5c4a' },
  Chart: { color: '#ff9da7', 'border-color': '#d97f88' },
  Caption: { color: '#8cd17d', 'border-color': '#6fae61' },
};

const RELATIONSHIP_CAPTIONS: Record<string, string> = {
  HAS_PAGE: '<type>',
  NEXT_PAGE: 'next',
  HAS_ELEMENT: '<type>',
  NEXT_ELEMENT: 'next',
  HAS_SECTION: '<type>',
  HAS_SUBSECTION: '<type>',
  CONTAINS: '<type>',
  CAPTIONS: 'captions',
  SIMILAR_TO: 'similar {score}',
  RELATES_TO: '{relation}',
  REFERS_TO: 'refers {mention}',
  SUMMARIZES: '<type>',
  HAS_REVISION: '<type>',
  HAS_PASSAGE: '<type>',
  COVERS: '<type>',
};

const NODE_TEXT: Rule = { 'border-width': '2px', 'text-color-internal': '#FFFFFF', 'font-size': '10px' };
const SEMANTIC_EDGE: Rule = { color: '#e15759', 'shaft-width': '2px' };

/** The style as Browser holds it: selector → declarations. */
export const FOLIO_GRASS_RULES: Record<string, Rule> = {
  node: { diameter: '50px', color: '#A5ABB6', 'border-color': '#9AA1AC', ...NODE_TEXT },
  relationship: {
    color: '#A5ABB6',
    'shaft-width': '1px',
    'font-size': '8px',
    padding: '3px',
    'text-color-external': '#000000',
    'text-color-internal': '#FFFFFF',
    caption: '<type>',
  },
  ...Object.fromEntries(
    Object.entries(NODE_STYLES).map(([label, props]) => [`node.${label}`, { ...props, ...NODE_TEXT }]),
  ),
  ...Object.fromEntries(Object.entries(KIND_STYLES).map(([label, props]) => [`node.${label}`, props])),
  ...Object.fromEntries(
    Object.entries(RELATIONSHIP_CAPTIONS).map(([type, caption]) => [
      `relationship.${type}`,
      { caption, ...(['SIMILAR_TO', 'RELATES_TO', 'REFERS_TO'].includes(type) ? SEMANTIC_EDGE : {}) },
    ]),
  ),
};

export const FOLIO_GRASS: string = `${JSON.stringify(FOLIO_GRASS_RULES, null, 2)}\n`;

/**
 * What Browser runs on connect (commands without the colon, `;`-separated outside quotes): the style given inline,
 * so it applies at once, then `clear` removes the frame that lists it, then the guide opens in the sidebar.
 */
export function browserPostConnectCommand(folioUrl: string): string {
  return `style ${JSON.stringify(FOLIO_GRASS_RULES)}; clear; guide ${folioUrl}/browser/guide.html`;
}

/** label → the node properties its caption reads (which must be strings: see NODE_STYLES). */
export const CAPTION_PROPERTIES: Record<string, string[]> = Object.fromEntries(
  Object.entries(NODE_STYLES).map(([label, { caption }]) => [
    label,
    [...(caption ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
  ]),
);

/** The labels and relationship types the style covers (for the test that keeps it complete). */
export const STYLED_LABELS = Object.keys(NODE_STYLES);
/** The element kind labels the style colours (each one of ELEMENT_KIND_LABELS). */
export const STYLED_KIND_LABELS = Object.keys(KIND_STYLES);
export const STYLED_TYPES = Object.keys(RELATIONSHIP_CAPTIONS);
