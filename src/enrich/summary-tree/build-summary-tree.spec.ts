import { buildSummaryTree, DEFAULT_TREE_OPTIONS, type TreeDeps, type TreeLeaf } from './build-summary-tree';
import { clusterUnits, DEFAULT_CLUSTER_OPTIONS } from './cluster-units';
import { blobs } from './synthetic-blobs';

/** Leaves drawn from `k` topics: 32-dimensional unit vectors around k directions, text naming the topic. */
function leaves(k: number, perTopic: number, seed = 3): TreeLeaf[] {
  const { points, labels } = blobs(k, perTopic, 32, seed, 0.4);
  return points.map((p, i) => {
    const norm = Math.hypot(...p);
    return {
      id: `u${i}`,
      text: `Topic ${labels[i]} passage ${i}.`,
      vector: Float32Array.from(p, (x) => x / norm),
    };
  });
}

const fakeDeps = (): TreeDeps & { calls: number } => {
  const deps = {
    calls: 0,
    summarise: async (text: string) => {
      deps.calls += 1;
      return { summary: `Summary of: ${text.slice(0, 40)}`, keywords: ['k'] };
    },
    // Stand-in embedder: a hashed bag of characters, normalised.
    embed: async (texts: string[]) =>
      texts.map((t) => {
        const v = new Float32Array(32);
        for (let i = 0; i < t.length; i++) v[(t.charCodeAt(i) * 7 + i) % 32]! += 1;
        const n = Math.hypot(...v) || 1;
        return v.map((x) => x / n);
      }),
  };
  return deps;
};

describe('RAPTOR clustering of units', () => {
  it('puts every unit in a cluster, clusters only same-topic units, and orders clusters by first unit', () => {
    const units = leaves(4, 12);
    const clusters = clusterUnits(
      units.map((u) => ({ vector: u.vector, chars: u.text.length })),
      { ...DEFAULT_CLUSTER_OPTIONS, reducer: 'pca' },
    );
    expect(new Set(clusters.flat())).toEqual(new Set(units.map((_, i) => i)));
    for (const c of clusters) expect(new Set(c.map((i) => units[i]!.text.split(' ')[1])).size).toBe(1);
    const firsts = clusters.map((c) => c[0]!);
    expect([...firsts].sort((a, b) => a - b)).toEqual(firsts);
  });

  it('bounds work: more units than one call takes are clustered block by block, and large clusters are split', () => {
    const units = leaves(3, 60).map((u) => ({ vector: u.vector, chars: 2_000 }));
    const clusters = clusterUnits(units, {
      ...DEFAULT_CLUSTER_OPTIONS,
      reducer: 'pca',
      maxUnitsPerCall: 50,
      maxClusterChars: 12_000,
    });
    expect(new Set(clusters.flat()).size).toBe(180);
    for (const c of clusters) expect(c.length * 2_000).toBeLessThanOrEqual(12_000);
    // a cluster never spans two blocks of 45 units (180 split into 4 blocks)
    for (const c of clusters) expect(new Set(c.map((i) => Math.floor(i / 45))).size).toBe(1);
  });
});

describe('summary tree', () => {
  it('builds levels up to a single root; every node summarises at least one member of the level below', async () => {
    const units = leaves(4, 10);
    const deps = fakeDeps();
    const tree = await buildSummaryTree('d', units, deps, { ...DEFAULT_TREE_OPTIONS, reducer: 'pca' });
    const top = Math.max(...tree.map((n) => n.level));
    expect(tree.filter((n) => n.level === top)).toHaveLength(1);
    expect(top).toBeGreaterThanOrEqual(2);
    const ids = new Set(tree.map((n) => n.id));
    for (const n of tree) {
      expect(n.memberIds.length).toBeGreaterThan(0);
      for (const m of n.memberIds) expect(n.level === 1 ? m.startsWith('u') : ids.has(m)).toBe(true);
      if (n.level > 1)
        for (const m of n.memberIds) expect(tree.find((x) => x.id === m)!.level).toBe(n.level - 1);
    }
    // every leaf is covered at level 1, every level-1 node under the level above
    expect(new Set(tree.filter((n) => n.level === 1).flatMap((n) => n.memberIds))).toEqual(
      new Set(units.map((u) => u.id)),
    );
    expect(tree.find((n) => n.level === top)!.leafCount).toBeGreaterThanOrEqual(units.length);
    expect(deps.calls).toBe(tree.length);
  });

  it('is deterministic for a seed (UMAP included)', async () => {
    const units = leaves(3, 15, 8);
    const shape = (t: Awaited<ReturnType<typeof buildSummaryTree>>) => t.map((n) => [n.id, n.memberIds]);
    const a = await buildSummaryTree('d', units, fakeDeps(), DEFAULT_TREE_OPTIONS);
    const b = await buildSummaryTree('d', units, fakeDeps(), DEFAULT_TREE_OPTIONS);
    expect(shape(a)).toEqual(shape(b));
  });

  it('handles no leaves and a single leaf', async () => {
    expect(await buildSummaryTree('d', [], fakeDeps())).toEqual([]);
    const one = await buildSummaryTree('d', leaves(1, 1), fakeDeps());
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ level: 1, memberIds: ['u0'] });
  });
});
