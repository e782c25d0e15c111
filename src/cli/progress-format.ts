import * as path from 'node:path';

/** Longest file name a progress label shows; longer names keep their start and their end (the extension). */
export const LABEL_NAME_MAX = 40;

/** "annual-report-2023-…-final-v2.pdf": the middle of a long name gives way, so both ends stay readable. */
export function elideMiddle(text: string, max: number = LABEL_NAME_MAX): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max <= 1) return '…'.slice(0, max);
  const keep = max - 1;
  const tail = Math.floor(keep / 2);
  const head = keep - tail;
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`;
}

/** "[2/5] annual-report-…-v2.pdf": a file's progress label, its base name elided in the middle when long. */
export function fileLabel(file: string, index?: number, count?: number): string {
  const name = elideMiddle(path.basename(file));
  return index === undefined || count === undefined ? name : `[${index + 1}/${count}] ${name}`;
}

/**
 * "12s", "3m05s", "1h02m", or "--" while there is no rate to extrapolate from (a stage that has just started or
 * has not advanced), so a bar never shows the library's "INF"/"NULL" cut to "NFs".
 */
export function etaText(done: number, total: number, seconds: number): string {
  if (done >= total) return '0s';
  if (done <= 0 || !(seconds > 0)) return '--';
  const eta = Math.ceil(((total - done) * seconds) / done);
  if (!Number.isFinite(eta) || eta > 1e7) return '--';
  if (eta >= 3600) return `${Math.floor(eta / 3600)}h${pad2(Math.round((eta % 3600) / 60))}m`;
  if (eta >= 60) return `${Math.floor(eta / 60)}m${pad2(eta % 60)}s`;
  return `${eta}s`;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
