import { clusterUnits, DEFAULT_CLUSTER_OPTIONS, type ClusterOptions } from './cluster-units';

// MMRAG-DocQA's topological cross-page index, built as RAPTOR builds its tree: cluster the leaves, summarise each
// cluster, embed the summaries, cluster those, … until one root remains. Pure apart from the injected summariser
// and embedder, so it is tested with fakes and its output is a plain list the stage writes to Neo4j.

export interface TreeLeaf {
  id: string;
  text: string;
  vector: ArrayLike<number>;
}

export interface TreeNode {
  /** `<docId>:tree:l<level>-<index>`, index in reading order of the node's first member. */
  id: string;
  level: number;
  text: string;
  keywords: string[];
  vector: Float32Array;
  /** Leaf (Element) ids at level 1, TreeNode ids above. */
  memberIds: string[];
  /** Leaves below this node (for the page weights the retrieval reads). */
  leafCount: number;
}

export interface TreeOptions extends ClusterOptions {
  /** Stop clustering and put one root over the level once it has this many nodes or fewer. */
  rootFanIn: number;
  maxLevels: number;
  /** Characters of each member's text a cluster summary reads. */
  memberChars: number;
}

export const DEFAULT_TREE_OPTIONS: TreeOptions = {
  ...DEFAULT_CLUSTER_OPTIONS,
  rootFanIn: 3,
  maxLevels: 6,
  memberChars: 1_500,
};

export interface TreeDeps {
  summarise(text: string, level: number): Promise<{ summary: string; keywords: string[] }>;
  embed(texts: string[]): Promise<Float32Array[]>;
  progress?(level: number, done: number, total: number): void;
}

interface LevelNode {
  id: string;
  text: string;
  vector: ArrayLike<number>;
  leafCount: number;
}

export async function buildSummaryTree(
  docId: string,
  leaves: readonly TreeLeaf[],
  deps: TreeDeps,
  options: TreeOptions = DEFAULT_TREE_OPTIONS,
): Promise<TreeNode[]> {
  const tree: TreeNode[] = [];
  let current: LevelNode[] = leaves.map((l) => ({ ...l, leafCount: 1 }));
  for (let level = 1; current.length > 0; level++) {
    const last = level >= options.maxLevels || current.length <= options.rootFanIn;
    let groups = last
      ? [current.map((_, i) => i)]
      : clusterUnits(
          current.map((n) => ({ vector: n.vector, chars: Math.min(n.text.length, options.memberChars) })),
          { ...options, seed: options.seed + level },
        );
    if (!last && groups.length >= current.length) groups = [current.map((_, i) => i)]; // no reduction: close
    const texts: string[] = [];
    const summaries: Array<{ summary: string; keywords: string[] }> = [];
    for (const [g, group] of groups.entries()) {
      const text = group.map((i) => clipChars(current[i]!.text, options.memberChars)).join('\n\n');
      const reply = await deps.summarise(text, level);
      const summary = reply.summary.trim() || clipChars(text, 600);
      summaries.push({ summary, keywords: reply.keywords });
      texts.push(summary);
      deps.progress?.(level, g + 1, groups.length);
    }
    const vectors = await deps.embed(texts);
    const nodes = groups.map<TreeNode>((group, g) => ({
      id: `${docId}:tree:l${level}-${g}`,
      level,
      text: summaries[g]!.summary,
      keywords: summaries[g]!.keywords,
      vector: vectors[g]!,
      memberIds: group.map((i) => current[i]!.id),
      leafCount: group.reduce((s, i) => s + current[i]!.leafCount, 0),
    }));
    tree.push(...nodes);
    if (nodes.length <= 1) break;
    current = nodes.map((n) => ({ id: n.id, text: n.text, vector: n.vector, leafCount: n.leafCount }));
  }
  return tree;
}

function clipChars(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
