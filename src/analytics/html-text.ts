/** Text made safe to put into HTML (element content and attribute values). */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A number as shown in a report: integers as they are, others with `digits` decimals. */
export const fmt = (n: number, digits = 2): string => (Number.isInteger(n) ? String(n) : n.toFixed(digits));
