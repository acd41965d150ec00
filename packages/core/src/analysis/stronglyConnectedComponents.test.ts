import { describe, expect, it } from 'vitest';
import { stronglyConnectedComponents } from './stronglyConnectedComponents.ts';

function groups(edges: number[][], roots = [0]): number[][] {
  const component = stronglyConnectedComponents(edges.length, (node) => edges[node]!, roots);
  const byId = new Map<number, number[]>();
  component.forEach((id, node) => {
    if (id === -1) return;
    byId.set(id, [...(byId.get(id) ?? []), node]);
  });
  return [...byId.entries()].sort((a, b) => a[0] - b[0]).map(([, nodes]) => nodes);
}

describe('stronglyConnectedComponents', () => {
  it('puts each node of an acyclic graph in its own component, successors first', () => {
    expect(groups([[1, 2], [2], []])).toStrictEqual([[2], [1], [0]]);
  });

  it('finds a mutual cycle and a self loop', () => {
    expect(groups([[1], [0, 2], [2]])).toStrictEqual([[2], [0, 1]]);
  });

  it('leaves unreachable nodes at -1', () => {
    const component = stronglyConnectedComponents(3, (node) => [[1], [], [0]][node]!, [0]);
    expect([...component]).toStrictEqual([1, 0, -1]);
  });

  it('handles a 200,000-long chain that closes on itself without recursion', () => {
    const size = 200_000;
    const component = stronglyConnectedComponents(size, (node) => [(node + 1) % size], [0]);
    expect(new Set(component).size).toBe(1);
  });

  it('orders components so that every edge goes to a component with a smaller or equal id', () => {
    const edges = [[1, 3], [2], [1, 4], [4], [5], [3]];
    const component = stronglyConnectedComponents(edges.length, (node) => edges[node]!, [0]);
    edges.forEach((targets, node) => {
      for (const target of targets)
        expect(component[target]!).toBeLessThanOrEqual(component[node]!);
    });
  });
});
