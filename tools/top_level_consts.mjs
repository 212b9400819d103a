// Part of tools/bundle_entries.mjs: gives a bundle back the `const` declarations its bundler turned into `var`.
//
// Bun's bundler (like esbuild) declares every top-level binding of a bundle with `var` (JavaScriptCore checks a const's
// temporal dead zone on each access). V8 is the other way round: an optimizing compile takes a module-level `const`
// as a constant, so the call block's typed arrays (`block`, `header`, `components`) are indexed at a known address
// and numeric constants are folded, where a `var` is loaded and its typed array checked at every use. Node's bundle,
// `var` -> `const` (npm run bench, kasztp.txt, ours / built-in, two runs before, two after): url.search = Node 26
// 1.27-1.36 -> 1.06-1.16, Node 20 1.06 -> 0.88-0.91; new URL(rel, base) Node 24 1.14-1.21 -> 1.03-1.11; href Node 26
// 1.38-1.48 -> 1.19-1.26. Bun's bundle was unchanged either way (within ±5%), so it keeps its `var`s.
//
// A binding becomes `const` only when the whole statement qualifies: a top-level `var` whose every declaration has a
// plain name and an initializer, declared once (no function or class of that name either), and never the target of
// an assignment, ++/-- or for-in/of anywhere in the file (a same-named local counts too: conservative). TypeScript's
// parser (a dev dependency) reads the file.
import ts from "typescript";

/** Every identifier the file assigns to, by name, in any scope. */
function assignedNames(file) {
  const names = new Set();
  const addTargets = (target) => {
    if (ts.isIdentifier(target)) names.add(target.text);
    else if (ts.isParenthesizedExpression(target)) addTargets(target.expression);
    else if (ts.isArrayLiteralExpression(target)) target.elements.forEach(addTargets);
    else if (ts.isObjectLiteralExpression(target)) {
      for (const p of target.properties) {
        if (ts.isShorthandPropertyAssignment(p)) names.add(p.name.text);
        else if (ts.isPropertyAssignment(p)) addTargets(p.initializer);
        else if (ts.isSpreadAssignment(p)) addTargets(p.expression);
      }
    } else if (ts.isSpreadElement(target)) addTargets(target.expression);
    else if (ts.isBinaryExpression(target) && target.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      addTargets(target.left); // a default value in a destructuring pattern
    }
  };
  const visit = (node) => {
    if (
      ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    ) {
      addTargets(node.left);
    } else if (
      (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
      (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)
    ) {
      addTargets(node.operand);
    } else if (
      (ts.isForInStatement(node) || ts.isForOfStatement(node)) && !ts.isVariableDeclarationList(node.initializer)
    ) {
      addTargets(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/**
 * `text` (an ES module) with each qualifying top-level `var` statement declared `const`; `restored` lists the names
 * that became constants.
 */
export function restoreTopLevelConsts(text, fileName) {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const assigned = assignedNames(file);
  const declaredAtTop = new Map();
  const varStatements = file.statements.filter((s) =>
    ts.isVariableStatement(s) && (s.declarationList.flags & ts.NodeFlags.BlockScoped) === 0
  );
  const declare = (name) => declaredAtTop.set(name, (declaredAtTop.get(name) ?? 0) + 1);
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) declare(d.name.text);
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      declare(statement.name.text);
    }
  }
  const restored = [];
  const edits = [];
  for (const statement of varStatements) {
    const declarations = statement.declarationList.declarations;
    const qualifies = declarations.every((d) =>
      ts.isIdentifier(d.name) && d.initializer !== undefined && declaredAtTop.get(d.name.text) === 1 &&
      !assigned.has(d.name.text)
    );
    if (!qualifies) continue;
    const start = statement.declarationList.getStart(file);
    if (text.slice(start, start + 4) !== "var ") throw new Error(`top_level_consts: expected "var " at ${start}`);
    edits.push(start);
    restored.push(...declarations.map((d) => d.name.text));
  }
  let out = text;
  for (const start of edits.reverse()) out = out.slice(0, start) + "const" + out.slice(start + 3);
  return { text: out, restored };
}
