/**
 * No import cycle of any kind: value, type-only (`import type`) or dynamic (`import('./x.ts')`). A cycle of
 * types still ties two modules' designs together and hides which layer owns the shape; import-x/no-cycle
 * skips type-only imports, so this rule walks every relative import, as TypeScript's pre-processor lists
 * them (comments and strings are not imports), and reports each import from which the file is reached again.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/** A file's relative imports, resolved, cached until the file changes. */
const cache = new Map();

function importsOf(file) {
  const mtimeMs = statSync(file).mtimeMs;
  const hit = cache.get(file);
  if (hit?.mtimeMs === mtimeMs) return hit.deps;
  const deps = ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map((i) => i.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name))
    .filter((path) => /\.[cm]?[jt]s$/.test(path) && existsSync(path));
  cache.set(file, { mtimeMs, deps });
  return deps;
}

/** The shortest chain of imports from `start` back to `target`, or undefined. */
function chainBack(start, target) {
  const parent = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const dep of importsOf(file)) {
      if (dep === target) {
        const chain = [file];
        for (let at = parent.get(file); at; at = parent.get(at)) chain.unshift(at);
        return chain;
      }
      if (!parent.has(dep)) {
        parent.set(dep, file);
        queue.push(dep);
      }
    }
  }
  return undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only and dynamic imports included.' },
    schema: [],
    messages: {
      cycle:
        'Import cycle ({{kind}}): {{chain}}. Type-only and dynamic imports count too: move what both need into a module they both import, a layer down.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!existsSync(file)) return {};
    const root = context.cwd;
    const check = (node, source, kind) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(dirname(file), source);
      if (target === file || !existsSync(target)) return;
      const chain = chainBack(target, file);
      if (!chain) return;
      const names = [file, ...chain, file].map((p) => relative(root, p));
      context.report({ node, messageId: 'cycle', data: { kind, chain: names.join(' → ') } });
    };
    const typeOnly = (node) =>
      node.importKind === 'type' ||
      node.exportKind === 'type' ||
      (node.specifiers?.length > 0 &&
        node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
    const declaration = (node) =>
      node.source && check(node, node.source.value, typeOnly(node) ? 'type-only' : 'value');
    return {
      ImportDeclaration: declaration,
      ExportNamedDeclaration: declaration,
      ExportAllDeclaration: declaration,
      ImportExpression: (node) => check(node, node.source.value, 'dynamic'),
    };
  },
};
