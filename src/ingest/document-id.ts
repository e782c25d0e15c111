import { createHash } from 'node:crypto';

/** A document's id is derived from its bytes: the same PDF is one document however often it is ingested. */
export function documentIdFor(bytes: Uint8Array): { sha256: string; docId: string } {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { sha256, docId: sha256.slice(0, 16) };
}

/**
 * Splits files into the first of each content and the copies of an earlier one (indices into `files`): the same
 * bytes ingested twice at once would be one document and a DOCUMENT_BUSY error.
 */
export function firstOfEachContent(
  files: readonly string[],
  readBytes: (file: string) => Uint8Array,
): { first: number[]; copies: number[] } {
  const seen = new Set<string>();
  const first: number[] = [];
  const copies: number[] = [];
  files.forEach((file, i) => {
    const { sha256 } = documentIdFor(readBytes(file));
    if (seen.has(sha256)) copies.push(i);
    else {
      seen.add(sha256);
      first.push(i);
    }
  });
  return { first, copies };
}
