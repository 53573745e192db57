// Prints each module's syntax tree as one JSON object ({file: lines}): a line per node, its kind, and the
// text of every literal and name, in source order. Two files give the same lines exactly when they parse
// to the same program, whatever their comments and spacing; the minified-assets test compares each
// source with what the server sends. Usage: node syntax_tree.mjs FILE...
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ts = require('typescript');

/** @param {string} file */
function tree(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  /** @type {string[]} */
  const lines = [];
  /** @param {import('typescript').Node} node */
  const visit = (node) => {
    const leaf = ts.isLiteralExpression(node) || ts.isTemplateLiteralToken(node) || ts.isIdentifier(node) || ts.isPrivateIdentifier(node);
    lines.push(leaf ? `${ts.SyntaxKind[node.kind]} ${JSON.stringify(node.getText())}` : ts.SyntaxKind[node.kind]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

process.stdout.write(JSON.stringify(Object.fromEntries(process.argv.slice(2).map((file) => [file, tree(file)]))));
