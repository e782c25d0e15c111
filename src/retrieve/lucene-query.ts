// User text reaches Lucene only through here: every term is escaped and boolean words are lower-cased, so a
// question containing Lucene syntax (/ : ( ) [ ] " * ? ~ ^ ! AND OR NOT \) is searched as words, never parsed.

const LUCENE_SPECIAL = /[+\-&|!(){}[\]^"~*?:\\/<>=]/g;
const MAX_TERMS = 48;

/** Splits a question into escaped search terms (deduplicated, at most MAX_TERMS). */
export function luceneTerms(text: string): string[] {
  const seen = new Set<string>();
  // "AND"/"OR"/"NOT" lower-cased are plain words to Lucene.
  for (const part of text.replace(LUCENE_SPECIAL, ' ').toLowerCase().split(/\s+/)) {
    if (part.length > 0) seen.add(part);
    if (seen.size >= MAX_TERMS) break; // Lucene refuses a query of more than 1,024 clauses
  }
  return [...seen];
}

const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/**
 * A full-text query over `fields`, null when the text has no searchable term. The docId clause is not exact (the
 * analyzer splits ids into words), so the Cypher after each full-text call keeps only nodes in scope. */
export function buildLuceneQuery(text: string, fields: string[], docIds: string[] | null): string | null {
  const terms = luceneTerms(text);
  if (terms.length === 0) return null;
  const group = terms.join(' ');
  const match = fields.map((f) => `${f}:(${group})`).join(' OR ');
  if (!docIds || docIds.length === 0) return match;
  return `(${match}) AND docId:(${docIds.map(quote).join(' OR ')})`;
}
