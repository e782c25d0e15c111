/** `text` as a regular expression that matches it literally (a name or phrase built into a pattern). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
