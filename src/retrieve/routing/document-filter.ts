import { DOCUMENT_KINDS, type DocumentKind, isDocumentKind } from '../../document/document-kind';
import { RetrieveError, RetrieveErrorCode } from '../retrieve.errors';

/** Narrows a search to the documents whose stored fields match; every given field must match. */
export interface DocumentFilter {
  /** Case-insensitive substring of the title. */
  titleContains?: string;
  /** Every tag listed (set at ingest). */
  tags?: string[];
  /** Any of these kinds (document-kind.ts). */
  kinds?: DocumentKind[];
  /** Ingested at or after this instant (ISO 8601 date or date-time). */
  ingestedAfter?: string;
  /** Ingested before this instant. */
  ingestedBefore?: string;
}

/** The filter's parameters for filter-documents.cypher: absent fields are null, dates checked. */
export function filterParams(filter: DocumentFilter): {
  titleContains: string | null;
  tags: string[] | null;
  kinds: DocumentKind[] | null;
  ingestedAfter: string | null;
  ingestedBefore: string | null;
} {
  const tags = filter.tags?.map((t) => t.trim()).filter(Boolean) ?? [];
  const after = filter.ingestedAfter ? instant('ingestedAfter', filter.ingestedAfter) : null;
  const before = filter.ingestedBefore ? instant('ingestedBefore', filter.ingestedBefore) : null;
  if (after && before && after >= before)
    throw badFilter(`ingestedAfter (${after}) must come before ingestedBefore (${before}).`);
  return {
    titleContains: filter.titleContains?.trim() || null,
    tags: tags.length ? tags : null,
    kinds: filter.kinds?.length ? [...new Set(filter.kinds)] : null,
    ingestedAfter: after,
    ingestedBefore: before,
  };
}

/** True when the filter narrows anything. */
export function hasFilter(filter: DocumentFilter | undefined): filter is DocumentFilter {
  if (!filter) return false;
  const p = filterParams(filter);
  return (
    p.titleContains !== null ||
    p.tags !== null ||
    p.kinds !== null ||
    p.ingestedAfter !== null ||
    p.ingestedBefore !== null
  );
}

export const WHERE_SYNTAX =
  'comma-separated clauses: title~<words> (title contains), tag=<tag> (repeatable: all must match), ' +
  `kind=<${DOCUMENT_KINDS.join('|').toLowerCase()}> (repeatable: any matches), ` +
  'after=<YYYY-MM-DD> and before=<YYYY-MM-DD> (ingested); e.g. "title~annual,tag=finance,after=2024-01-01"';

/** Parses the CLI's --where (WHERE_SYNTAX) into a filter; a clause it does not know is a BAD_FILTER error. */
export function parseWhere(where: string): DocumentFilter {
  const filter: DocumentFilter = {};
  const clauses = where
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  if (clauses.length === 0) throw badFilter(`--where is empty. Use ${WHERE_SYNTAX}.`);
  for (const clause of clauses) {
    const m = /^(title)\s*~\s*(.+)$/i.exec(clause) ?? /^(tag|kind|after|before)\s*=\s*(.+)$/i.exec(clause);
    if (!m) throw badFilter(`--where clause "${clause}" is not understood. Use ${WHERE_SYNTAX}.`);
    const [, key, value] = m as unknown as [string, string, string];
    switch (key.toLowerCase()) {
      case 'title':
        if (filter.titleContains) throw badFilter(`--where names title~ twice ("${clause}"); give it once.`);
        filter.titleContains = value.trim();
        break;
      case 'tag':
        filter.tags = [...(filter.tags ?? []), value.trim()];
        break;
      case 'kind':
        filter.kinds = [...(filter.kinds ?? []), kindOf(value)];
        break;
      case 'after':
        filter.ingestedAfter = value.trim();
        break;
      default:
        filter.ingestedBefore = value.trim();
    }
  }
  filterParams(filter); // dates checked now, so a bad one fails before anything runs
  return filter;
}

function kindOf(value: string): DocumentKind {
  const kind = value.trim().toUpperCase();
  if (!isDocumentKind(kind))
    throw badFilter(
      `kind "${value.trim()}" is not a document kind; give one of ${DOCUMENT_KINDS.join(', ').toLowerCase()}.`,
    );
  return kind;
}

function instant(field: string, value: string): string {
  const v = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) || Number.isNaN(Date.parse(v)))
    throw badFilter(`${field} "${value}" is not a date; give YYYY-MM-DD or an ISO 8601 date-time.`);
  return v.replace(' ', 'T');
}

const badFilter = (message: string) => new RetrieveError(RetrieveErrorCode.BAD_FILTER, message);
