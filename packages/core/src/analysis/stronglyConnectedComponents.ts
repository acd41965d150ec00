/**
 * Computes the strongly connected components of a directed graph with Tarjan's algorithm,
 * iteratively (no recursion, so a 100,000-long chain does not overflow the stack). Only nodes
 * reachable from `roots` are visited.
 *
 * @param nodeCount The number of nodes (ids `0 .. nodeCount - 1`).
 * @param successors The successors of a node.
 * @param roots The nodes to start from.
 * @returns `component[node]`: the component id of each node (`-1` when unreachable); component
 * ids are in reverse topological order (a component's successors have smaller ids).
 */
export function stronglyConnectedComponents(
  nodeCount: number,
  successors: (node: number) => readonly number[],
  roots: readonly number[],
): Int32Array {
  const component = new Int32Array(nodeCount).fill(-1);
  const order = new Int32Array(nodeCount).fill(-1);
  const low = new Int32Array(nodeCount);
  const onStack = new Uint8Array(nodeCount);
  const stack: number[] = [];
  const callNode: number[] = [];
  const callEdge: number[] = [];
  let counter = 0;
  let components = 0;

  for (const root of roots) {
    if (order[root] !== -1) continue;
    enter(root);
    while (callNode.length > 0) {
      const top = callNode.length - 1;
      const node = callNode[top]!;
      const next = successors(node);
      const edge = callEdge[top]!;
      if (edge < next.length) {
        callEdge[top] = edge + 1;
        const target = next[edge]!;
        if (order[target] === -1) {
          enter(target);
        } else if (onStack[target] === 1 && order[target]! < low[node]!) {
          low[node] = order[target]!;
        }
        continue;
      }
      callNode.pop();
      callEdge.pop();
      if (low[node] === order[node]) {
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = 0;
          component[member] = components;
        } while (member !== node);
        components++;
      }
      if (callNode.length > 0) {
        const parent = callNode[callNode.length - 1]!;
        if (low[node]! < low[parent]!) low[parent] = low[node]!;
      }
    }
  }
  return component;

  function enter(node: number): void {
    order[node] = counter;
    low[node] = counter;
    counter++;
    stack.push(node);
    onStack[node] = 1;
    callNode.push(node);
    callEdge.push(0);
  }
}
