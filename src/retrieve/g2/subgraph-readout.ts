import type { ElementNeighbour, SeedElement } from './g2.repository';

// G²-Reader's structured subgraph readout, greedy: the best node not read yet, then its immediate neighbours
// (best first), then the next best node, until the node budget is spent. Pure: the retriever fetches seeds and
// neighbours from Neo4j.

/** k: nodes one readout reads (G²-Reader's default node budget is 5; Folio reads a little more per round). */
export const G2_NODE_BUDGET = 8;
/** Neighbours each read seed may add, so the budget reaches more than one seed's surroundings. */
export const G2_NEIGHBOURS_PER_SEED = 2;
/** A neighbour ranks this share of its seed's score times the edge's weight (RELATES_TO score, 1 for physical). */
export const G2_NEIGHBOUR_WEIGHT = 0.5;

export interface ReadNode {
  elementId: string;
  docId: string;
  pageNumber: number;
  kind: string;
  text: string;
  bbox: SeedElement['bbox'];
  /** 0–1: a seed's fused score over the readout's best seed; a neighbour's share of its seed's. */
  score: number;
  via: string;
  relation: string | null;
  fromElementId: string | null;
  fromPage: number | null;
  hop: number;
}

/** How a neighbour competes for the budget: its edge weight times its own similarity to the question. */
const neighbourPriority = (n: ElementNeighbour) =>
  (n.via === 'relates-to' ? n.edgeScore : 1) * Math.max(0, n.similarity);

export function readSubgraph(
  seeds: SeedElement[],
  neighbours: ElementNeighbour[],
  exclude: ReadonlySet<string>,
  budget = G2_NODE_BUDGET,
  perSeed = G2_NEIGHBOURS_PER_SEED,
): ReadNode[] {
  const top = Math.max(...seeds.map((s) => s.score), Number.MIN_VALUE);
  const read = new Map<string, ReadNode>();
  const byFrom = new Map<string, ElementNeighbour[]>();
  for (const n of neighbours) byFrom.set(n.fromElementId, [...(byFrom.get(n.fromElementId) ?? []), n]);
  for (const seed of seeds) {
    if (read.size >= budget) break;
    if (exclude.has(seed.elementId) || read.has(seed.elementId)) continue;
    const score = seed.score / top;
    read.set(seed.elementId, {
      ...seed,
      score,
      via: 'seed',
      relation: null,
      fromElementId: null,
      fromPage: null,
      hop: 0,
    });
    const around = (byFrom.get(seed.elementId) ?? [])
      .filter((n) => !exclude.has(n.elementId) && !read.has(n.elementId))
      .sort((a, b) => neighbourPriority(b) - neighbourPriority(a))
      .slice(0, perSeed);
    for (const n of around) {
      if (read.size >= budget) break;
      read.set(n.elementId, {
        elementId: n.elementId,
        docId: n.docId,
        pageNumber: n.pageNumber,
        kind: n.kind,
        text: n.text,
        bbox: n.bbox,
        score: score * G2_NEIGHBOUR_WEIGHT * (n.via === 'relates-to' ? n.edgeScore : 1),
        via: n.via,
        relation: n.relation,
        fromElementId: seed.elementId,
        fromPage: seed.pageNumber,
        hop: 1,
      });
    }
  }
  return [...read.values()];
}
