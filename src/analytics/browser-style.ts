// Folio's Neo4j Browser style (GraSS), served at /browser/folio.grass for `:style <url>`. GraSS selects by label
// and relationship type only, so element kinds share one colour; the caption leads with the kind instead.

const NODE_STYLES: Record<string, Record<string, string>> = {
  Document: { diameter: '80px', color: '#1f4e79', 'border-color': '#163a5a', caption: '{title}' },
  Page: { diameter: '50px', color: '#4e79a7', 'border-color': '#3b5f86', caption: 'p. {number}' },
  Section: { diameter: '60px', color: '#f28e2b', 'border-color': '#c8701d', caption: '{title}' },
  Element: { diameter: '40px', color: '#76b7b2', 'border-color': '#5a9691', caption: '{kind}: {text}' },
  Passage: { diameter: '30px', color: '#bab0ac', 'border-color': '#9c9490', caption: '{text}' },
  Summary: { diameter: '55px', color: '#b07aa1', 'border-color': '#8f5f82', caption: '{kind} L{level}' },
  Revision: { diameter: '30px', color: '#edc948', 'border-color': '#c9a933', caption: 'rev {iteration}' },
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

const block = (selector: string, props: Record<string, string>): string =>
  `${selector} {\n${Object.entries(props)
    .map(([k, v]) => `  ${k}: ${k === 'caption' ? `"${v}"` : v};`)
    .join('\n')}\n}`;

export const FOLIO_GRASS: string =
  [
    block('node', {
      diameter: '50px',
      color: '#A5ABB6',
      'border-color': '#9AA1AC',
      'border-width': '2px',
      'text-color-internal': '#FFFFFF',
      'font-size': '10px',
    }),
    block('relationship', {
      color: '#A5ABB6',
      'shaft-width': '1px',
      'font-size': '8px',
      padding: '3px',
      'text-color-external': '#000000',
      'text-color-internal': '#FFFFFF',
      caption: '<type>',
    }),
    ...Object.entries(NODE_STYLES).map(([label, props]) =>
      block(`node.${label}`, {
        ...props,
        'border-width': '2px',
        'text-color-internal': '#FFFFFF',
        'font-size': '10px',
      }),
    ),
    ...Object.entries(RELATIONSHIP_CAPTIONS).map(([type, caption]) =>
      block(`relationship.${type}`, {
        caption,
        ...(type === 'SIMILAR_TO' || type === 'RELATES_TO' || type === 'REFERS_TO'
          ? { color: '#e15759', 'shaft-width': '2px' }
          : {}),
      }),
    ),
  ].join('\n\n') + '\n';

/** The labels and relationship types the style covers (for the test that keeps it complete). */
export const STYLED_LABELS = Object.keys(NODE_STYLES);
export const STYLED_TYPES = Object.keys(RELATIONSHIP_CAPTIONS);
