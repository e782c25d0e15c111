// The items a question coordinates ("A, B and C", "X vs Y"): where an item ends, whether words form one, and how an
// item takes the other item's frame. Pure helpers of the offline decomposition in decompose-question.ts.
/** Question words and auxiliaries: where a question, or a coordinated clause of one, starts. */
export const WH = 'what|which|who|whom|whose|when|where|why|how';
export const AUX = 'is|are|was|were|do|does|did|has|have|had|can|could|will|would|should';
/** Words that end a coordinated item when scanning outwards from "vs", "and" or a comma. */
export const BOUNDARY = new Set(
  (
    `${WH}|${AUX}|the|a|an|of|in|for|on|at|from|by|to|with|between|among|during|under|over|about|per|than|` +
    'that|compare|compared|comparing|versus|vs|and|or|both'
  ).split('|'),
);
/** Prepositions that attach the part of a phrase a compared item replaces ("accuracy of GPT-4 on X"). */
export const ATTACHING = /\s(of|in|for|on|at|from|by|to|with|during)\s/gi;

/** Determiners and possessives open a noun phrase of its own, which is not put into the other item's frame. */
export const DETERMINER = /^(?:the|a|an|its|their|his|her|our|this|these|those|that)\b/i;
export const ITEM_MAX_WORDS = 4;

/**
 * Y and the words after it: the whole rest when X and the rest share X's last preposition (parallel phrases), else
 * the rest's leading noun phrase; `ownTail` keeps the words after a determiner-led Y as Y's own. */
export function secondItem(x: string, rest: string, opts: { ownTail?: boolean } = {}): [string, string] {
  const thatOf = /^((?:that|those)\s+(?:of|in|for)\s+)(.+)$/i.exec(rest.trim());
  const restWords = words(thatOf ? thatOf[2]! : rest);
  const preposition = [...x.matchAll(ATTACHING)].at(-1)?.[1]?.toLowerCase();
  const parallel =
    preposition !== undefined &&
    restWords.slice(0, ITEM_MAX_WORDS + 1).some((w) => w.toLowerCase() === preposition);
  const y = parallel ? restWords : takeItem(restWords, { and: true });
  if (y.length === 0) return [trimPunctuation(rest), ''];
  const after = restWords.slice(y.length).join(' ');
  const item = `${thatOf ? thatOf[1] : ''}${y.join(' ')}`;
  if (opts.ownTail && DETERMINER.test(item)) return [trimPunctuation(`${item} ${after}`), ''];
  return [trimPunctuation(item), after ? ` ${after}` : ''];
}

/** Words up to the first boundary word (an article may open the item); with `and`, "X and Y" stays one item. */
export function takeItem(items: string[], opts: { and?: boolean } = {}): string[] {
  const maxWords = opts.and ? ITEM_MAX_WORDS + 2 : ITEM_MAX_WORDS;
  const item: string[] = [];
  for (const word of items) {
    const bare = bareWord(word);
    const opensItem = item.length === 0 && /^(?:the|a|an)$/.test(bare);
    const joins = opts.and && item.length > 0 && bare === 'and';
    if ((BOUNDARY.has(bare) && !opensItem && !joins) || item.length >= maxWords) break;
    item.push(word);
    if (/[,?!;:]$/.test(word)) break;
  }
  if (opts.and && bareWord(item.at(-1) ?? '') === 'and') item.pop();
  return item.map((w) => w.replace(/[,?!;:]+$/, ''));
}

/** No boundary word inside (an article may open it): "the margin", "2023", "Eagle", not "of Falcon". */
export function isNounPhrase(phrase: string[]): boolean {
  return (
    phrase.length > 0 &&
    phrase.length <= ITEM_MAX_WORDS &&
    phrase.every((w, i) => !BOUNDARY.has(bareWord(w)) || (i === 0 && /^(?:the|a|an)$/.test(bareWord(w))))
  );
}

export function shape(item: string): 'name' | 'number' | 'word' {
  const first = item.replace(DETERMINER, '').trim();
  return /^\p{N}/u.test(first) ? 'number' : /^\p{Lu}/u.test(first) ? 'name' : 'word';
}

/** "the margin of Falcon" + "Eagle" → "the margin of Eagle"; "that of Eagle" → "the margin of Eagle". */
export function distribute(x: string, y: string): string {
  const thatOf = /^(?:that|those)\s+(of|in|for)\s+(.+)$/i.exec(y);
  const lead = words(y)[0] ?? '';
  const again =
    BOUNDARY.has(bareWord(lead)) || DETERMINER.test(lead)
      ? -1
      : x.toLowerCase().lastIndexOf(` ${lead.toLowerCase()} `);
  // "increase in Q2 of FY2023 compared to Q2 of FY2022": Y restarts a phrase X holds, so it replaces it there.
  if (!thatOf && again >= 0) return `${x.slice(0, again + 1)}${y}`;
  const lastPreposition = [...x.matchAll(ATTACHING)].at(-1);
  if (!lastPreposition) return thatOf ? thatOf[2]! : y;
  if (thatOf) return `${x.slice(0, lastPreposition.index)} ${thatOf[1]} ${thatOf[2]}`;
  const yWords = words(y).length;
  const tail = x.slice(lastPreposition.index + lastPreposition[0].length);
  // Only a name or a number takes the other item's frame ("accuracy of GPT-4 on SituatedQA" → "… on MMLU").
  const entityLike = /^[\p{Lu}\p{N}]/u.test(y) || /^[\p{Lu}\p{N}]/u.test(tail);
  if (
    entityLike &&
    !DETERMINER.test(y) &&
    yWords <= 3 &&
    words(x).length > yWords &&
    ![...` ${y} `.matchAll(ATTACHING)].length
  ) {
    return `${x.slice(0, lastPreposition.index + lastPreposition[0].length)}${y}`;
  }
  return y;
}

export function bareWord(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}.]/gu, '');
}

export function words(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean);
}

export function trimPunctuation(text: string): string {
  return text.trim().replace(/^[,;:\s]+|[,;:?.!\s]+$/g, '');
}

export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
