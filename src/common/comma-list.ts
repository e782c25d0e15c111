/** The entries of a comma-separated option or variable, trimmed, empty ones dropped. */
export function commaList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
