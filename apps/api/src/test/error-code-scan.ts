import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';

/**
 * Finds every error code the API can send by reading its source: the code argument of each
 * `new AppError(...)` and `errorEnvelope(...)` call, and of every function that passes one of its
 * own parameters on as that argument (badRequest, conflict, a module's `sessionEnded(code = ...)`...),
 * followed through literals, constants (also imported ones), defaults, conditionals, `a ?? b`,
 * literal-union parameter types, constant-object lookups and functions returning codes. A code it
 * cannot reduce to literals is reported, so a test fails instead of missing it (Vite's OXC parser).
 */

interface AstNode {
  type: string;
  start: number;
  [key: string]: unknown;
}
interface ParsedFile {
  path: string;
  text: string;
  parents: Map<AstNode, AstNode>;
}
interface Located {
  file: ParsedFile;
  node: AstNode;
}
interface Helper {
  codeIndex: number;
  /** Codes used when the argument is left out (the parameter's default). */
  defaults: string[] | null;
}

export interface SourceFile {
  path: string;
  text: string;
}
export interface ScanResult {
  /** Each code with the places (path:line) that send it. */
  codes: Map<string, string[]>;
  /** Code arguments that could not be reduced to literal codes (path:line and source). */
  unresolved: string[];
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
const WRAPPERS = new Set([
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSNonNullExpression',
  'ParenthesizedExpression',
]);
/** Where codes enter a response: `new AppError(status, code, ...)`, `errorEnvelope(status, message, code)`. */
const ROOT_HELPERS: Record<string, Helper> = {
  AppError: { codeIndex: 1, defaults: null },
  errorEnvelope: { codeIndex: 2, defaults: null },
};
const MAX_DEPTH = 25;

const isNode = (v: unknown): v is AstNode =>
  typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';
const child = (n: AstNode, key: string): AstNode | undefined => (isNode(n[key]) ? n[key] : undefined);
const children = (n: AstNode, key: string): AstNode[] =>
  Array.isArray(n[key]) ? (n[key] as unknown[]).filter(isNode) : [];
const nameOf = (n: AstNode | undefined): string | undefined =>
  n?.type === 'Identifier' && typeof n.name === 'string' ? n.name : undefined;
const stringLiteral = (n: AstNode | undefined): string | undefined =>
  n?.type === 'Literal' && typeof n.value === 'string' ? n.value : undefined;

function walk(node: AstNode, visit: (n: AstNode, parent: AstNode | undefined) => void, parent?: AstNode) {
  visit(node, parent);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const v of value) if (isNode(v)) walk(v, visit, node);
    if (isNode(value)) walk(value, visit, node);
  }
}

const union = (parts: (string[] | null)[]): string[] | null =>
  parts.every((p) => p !== null) ? parts.flat() : null;

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function scanErrorCodes(sources: readonly SourceFile[]): ScanResult {
  const consts = new Map<string, Located[]>();
  const functions = new Map<string, Located[]>();
  const typeAliases = new Map<string, AstNode>();
  const codeProperties = new Set<string>();
  const calls: Located[] = [];

  for (const source of sources) {
    const result = parseSync(source.path, source.text);
    if (result.errors.length) throw new Error(`${source.path}: ${result.errors[0]?.message}`);
    const file: ParsedFile = { path: source.path, text: source.text, parents: new Map() };
    walk(result.program as unknown as AstNode, (n, parent) => {
      if (parent) file.parents.set(n, parent);
      if (n.type === 'VariableDeclarator') {
        const name = nameOf(child(n, 'id'));
        const init = child(n, 'init');
        if (name && init) {
          push(consts, name, { file, node: init });
          if (FUNCTION_TYPES.has(init.type)) push(functions, name, { file, node: init });
        }
      } else if (n.type === 'FunctionDeclaration') {
        const name = nameOf(child(n, 'id'));
        if (name) push(functions, name, { file, node: n });
      } else if (n.type === 'TSTypeAliasDeclaration') {
        const name = nameOf(child(n, 'id'));
        const type = child(n, 'typeAnnotation');
        if (name && type) typeAliases.set(name, type);
      } else if (n.type === 'CallExpression' || n.type === 'NewExpression') {
        if (nameOf(child(n, 'callee'))) calls.push({ file, node: n });
      }
    });
    walk(result.program as unknown as AstNode, (n) => {
      if (n.type === 'TSPropertySignature' && nameOf(child(n, 'key')) === 'code') {
        for (const code of literalUnion(child(n, 'typeAnnotation')) ?? []) codeProperties.add(code);
      }
    });
  }

  /** The string literals a type allows: 'A', 'A' | 'B', or an alias of those; null for anything else. */
  function literalUnion(type: AstNode | undefined, depth = 0): string[] | null {
    if (!type || depth > MAX_DEPTH) return null;
    if (type.type === 'TSTypeAnnotation') return literalUnion(child(type, 'typeAnnotation'), depth + 1);
    if (type.type === 'TSLiteralType') {
      const v = stringLiteral(child(type, 'literal'));
      return v === undefined ? null : [v];
    }
    if (type.type === 'TSUnionType')
      return union(children(type, 'types').map((t) => literalUnion(t, depth + 1)));
    if (type.type === 'TSTypeReference') {
      const name = nameOf(child(type, 'typeName'));
      return name ? literalUnion(typeAliases.get(name), depth + 1) : null;
    }
    return null;
  }

  const helpers = new Map<string, Helper>(Object.entries(ROOT_HELPERS));
  const lineOf = (file: ParsedFile, node: AstNode) => file.text.slice(0, node.start).split('\n').length;

  /** Same-file declarations first, else those of every other file (imports). */
  function declared(map: Map<string, Located[]>, name: string, file: ParsedFile): Located[] {
    const all = map.get(name) ?? [];
    const local = all.filter((d) => d.file === file);
    return local.length ? local : all;
  }

  /** The name a function is known by (declaration or `const name = () => ...`). */
  function functionName(fn: AstNode, file: ParsedFile): string | undefined {
    if (fn.type === 'FunctionDeclaration') return nameOf(child(fn, 'id'));
    const parent = file.parents.get(fn);
    return parent?.type === 'VariableDeclarator' ? nameOf(child(parent, 'id')) : undefined;
  }

  /** An identifier bound to a parameter: its literal-union type, or its function becomes a helper. */
  function fromParameter(
    id: AstNode,
    name: string,
    file: ParsedFile,
    depth: number,
  ): string[] | null | undefined {
    for (let n = file.parents.get(id); n; n = file.parents.get(n)) {
      if (!FUNCTION_TYPES.has(n.type)) continue;
      const params = children(n, 'params');
      const index = params.findIndex(
        (p) => nameOf(p.type === 'AssignmentPattern' ? child(p, 'left') : p) === name,
      );
      const param = params[index];
      if (!param) continue;
      const target = param.type === 'AssignmentPattern' ? child(param, 'left') : param;
      const typed = literalUnion(target && child(target, 'typeAnnotation'));
      if (typed) return typed;
      const fnName = functionName(n, file);
      if (!fnName) return null;
      const defaults =
        param.type === 'AssignmentPattern' ? resolve(child(param, 'right'), file, depth + 1) : null;
      if (!helpers.has(fnName)) helpers.set(fnName, { codeIndex: index, defaults });
      // The codes are those of the function's callers, collected at their call sites.
      return [];
    }
    return undefined;
  }

  function resolve(expr: AstNode | undefined, file: ParsedFile, depth = 0): string[] | null {
    if (!expr || depth > MAX_DEPTH) return null;
    if (WRAPPERS.has(expr.type)) return resolve(child(expr, 'expression'), file, depth + 1);
    const literal = stringLiteral(expr);
    if (literal !== undefined) return [literal];
    switch (expr.type) {
      case 'TemplateLiteral': {
        const quasis = children(expr, 'quasis');
        const cooked = (quasis[0]?.value as { cooked?: string } | undefined)?.cooked;
        return children(expr, 'expressions').length === 0 && cooked !== undefined ? [cooked] : null;
      }
      case 'ConditionalExpression':
        return union([
          resolve(child(expr, 'consequent'), file, depth + 1),
          resolve(child(expr, 'alternate'), file, depth + 1),
        ]);
      case 'LogicalExpression':
        return union([
          resolve(child(expr, 'left'), file, depth + 1),
          resolve(child(expr, 'right'), file, depth + 1),
        ]);
      case 'Identifier': {
        const name = nameOf(expr) ?? '';
        const param = fromParameter(expr, name, file, depth);
        if (param !== undefined) return param;
        const decls = declared(consts, name, file);
        return decls.length ? union(decls.map((d) => resolve(d.node, d.file, depth + 1))) : null;
      }
      case 'MemberExpression':
        return member(expr, file, depth);
      case 'CallExpression': {
        const name = nameOf(child(expr, 'callee'));
        const fns = name ? declared(functions, name, file) : [];
        return fns.length ? union(fns.map((f) => returned(f, depth))) : null;
      }
      default:
        return null;
    }
  }

  /** `x.code` (a code forwarded from a value whose type lists its codes) or a constant object lookup. */
  function member(expr: AstNode, file: ParsedFile, depth: number): string[] | null {
    const property = child(expr, 'property');
    const computed = expr.computed === true;
    if (!computed && nameOf(property) === 'code') return [...codeProperties];
    const objectName = nameOf(child(expr, 'object'));
    const objects = objectName ? declared(consts, objectName, file) : [];
    const values: (string[] | null)[] = [];
    for (const o of objects) {
      let obj: AstNode | undefined = o.node;
      while (obj && WRAPPERS.has(obj.type)) obj = child(obj, 'expression');
      if (obj?.type !== 'ObjectExpression') return null;
      for (const prop of children(obj, 'properties')) {
        const key = nameOf(child(prop, 'key')) ?? stringLiteral(child(prop, 'key'));
        if (computed || key === nameOf(property))
          values.push(resolve(child(prop, 'value'), o.file, depth + 1));
      }
    }
    return values.length ? union(values) : null;
  }

  /** Codes a function returns (its expression body, or each `return` outside nested functions). */
  function returned(fn: Located, depth: number): string[] | null {
    const body = child(fn.node, 'body');
    if (!body) return null;
    if (body.type !== 'BlockStatement') return resolve(body, fn.file, depth + 1);
    const results: (string[] | null)[] = [];
    const visit = (n: AstNode) => {
      if (FUNCTION_TYPES.has(n.type)) return;
      if (n.type === 'ReturnStatement') results.push(resolve(child(n, 'argument'), fn.file, depth + 1));
      for (const value of Object.values(n)) {
        if (Array.isArray(value)) for (const v of value) if (isNode(v)) visit(v);
        if (isNode(value)) visit(value);
      }
    };
    for (const statement of children(body, 'body')) visit(statement);
    return results.length ? union(results) : null;
  }

  const codes = new Map<string, string[]>();
  const unresolved: string[] = [];
  const done = new Set<AstNode>();
  for (let size = -1; size !== helpers.size; ) {
    size = helpers.size;
    for (const call of calls) {
      const helper = helpers.get(nameOf(child(call.node, 'callee')) ?? '');
      if (!helper || done.has(call.node)) continue;
      done.add(call.node);
      const arg = children(call.node, 'arguments')[helper.codeIndex];
      const found = arg ? resolve(arg, call.file) : helper.defaults;
      const where = `${call.file.path}:${lineOf(call.file, call.node)}`;
      if (found === null) {
        const text = call.file.text.slice(call.node.start, call.node.end as number).replace(/\s+/g, ' ');
        unresolved.push(`${where}: ${text.slice(0, 160)}`);
      } else for (const code of found) push(codes, code, where);
    }
  }
  return { codes, unresolved };
}

/** The TypeScript sources under `dir`, without tests and test helpers. */
export function readSources(dir: string, root = dir): SourceFile[] {
  const out: SourceFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test' && entry.name !== 'migrations') out.push(...readSources(full, root));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test(-helpers)?\.tsx?$/.test(entry.name)) {
      out.push({ path: path.relative(root, full), text: readFileSync(full, 'utf8') });
    }
  }
  return out;
}
