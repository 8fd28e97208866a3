// The service folders form layers: no folder holds more than ten modules, and no import (type imports included) closes a cycle between folders.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const MAX_MODULES = 10;

function modulesOf(folder: string): string[] {
  return fs.readdirSync(path.join(ROOT, folder)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
}

/** folder -> the other service folders its modules import from. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const folder of fs.readdirSync(ROOT).filter((f) => fs.statSync(path.join(ROOT, f)).isDirectory())) {
    const edges = new Set<string>();
    for (const file of modulesOf(folder)) {
      const text = fs.readFileSync(path.join(ROOT, folder, file), 'utf8');
      for (const m of text.matchAll(/from '(\.[^']+)'/g)) {
        const target = path.relative(ROOT, path.resolve(ROOT, folder, m[1]));
        if (target.startsWith('..')) continue;
        const other = target.split(path.sep)[0];
        if (other !== folder) edges.add(other);
      }
    }
    graph.set(folder, edges);
  }
  return graph;
}

function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('service folders', () => {
  it('holds no loose modules and no folder over ten modules', () => {
    expect(modulesOf('.')).toEqual([]);
    for (const folder of folderGraph().keys()) expect(modulesOf(folder).length, folder).toBeLessThanOrEqual(MAX_MODULES);
  });

  it('imports between folders form no cycle', () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(5);
    expect(findCycle(graph)).toBeNull();
  });

  it('finds a cycle when there is one', () => {
    expect(findCycle(new Map([['a', new Set(['b'])], ['b', new Set(['a'])]]))).toEqual(['a', 'b', 'a']);
  });
});
