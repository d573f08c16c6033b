// The refusals the API's source can send, read from the source itself (TypeScript's parser, no type check):
// every TRPCError's message, every errorBody(status, message), every `{ status | error | ok, message }` reply,
// with each message resolved to the English texts it can be: string and template literals, the constants
// they name (here or in the contract), a helper's parameter by its callers' arguments, both branches of a
// condition. What a template fills in at run time reads as `{}`; what cannot be resolved is reported by site.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
// TypeScript 5.9 for its parser: the package's own `typescript` is 7, the native compiler, which has no JavaScript API.
import ts from "typescript-api";

export interface Refusal {
  /** Where the message is written: 'apps/api/src/domain/news/news.ts:25'. */
  site: string;
  /** The English text, `{}` where it carries a value decided at run time. */
  text: string;
}
export interface Unresolved {
  site: string;
  expression: string;
}

const HOLE = "{}";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

interface Source {
  file: ts.SourceFile;
  name: string;
  consts: Map<string, ts.Expression>;
  functions: Map<string, ts.SignatureDeclaration>;
  /** The names this file imports: only those are looked up in other files. */
  imports: Set<string>;
}

function parse(full: string, root: string): Source {
  const file = ts.createSourceFile(full, readFileSync(full, "utf8"), ts.ScriptTarget.Latest, true);
  const consts = new Map<string, ts.Expression>();
  const functions = new Map<string, ts.SignatureDeclaration>();
  const imports = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isImportSpecifier(node)) imports.add(node.name.text);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = skipCasts(node.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) functions.set(node.name.text, init);
      else consts.set(node.name.text, init);
    }
    if (ts.isFunctionDeclaration(node) && node.name) functions.set(node.name.text, node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { file, name: path.relative(root, full), consts, functions, imports };
}

function skipCasts(node: ts.Expression): ts.Expression {
  let e = node;
  while (ts.isAsExpression(e) || ts.isParenthesizedExpression(e) || ts.isSatisfiesExpression(e))
    e = e.expression;
  return e;
}

const propertyOf = (object: ts.ObjectLiteralExpression, name: string) =>
  object.properties.find(
    (p): p is ts.PropertyAssignment | ts.ShorthandPropertyAssignment =>
      (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
      (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) &&
      p.name.text === name,
  );

/**
 * The refusals written in the files under each of `srcDirs`, their sites named from `root`; constants and
 * helpers are looked up there and under `constantDirs`.
 */
export function scanRefusals(root: string, srcDirs: readonly string[], constantDirs: readonly string[]) {
  const sources = srcDirs.flatMap((dir) => filesUnder(dir).map((f) => parse(f, root)));
  const shared = constantDirs.flatMap((dir) => filesUnder(dir).map((f) => parse(f, root)));
  const refusals: Refusal[] = [];
  const unresolved: Unresolved[] = [];

  const siteOf = (source: Source, node: ts.Node) =>
    `${source.name}:${source.file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

  /** A constant by name: this file's own, else, when imported, the one of that name elsewhere. */
  function constantNamed(source: Source, name: string): [ts.Expression, Source] | undefined {
    const own = source.consts.get(name);
    if (own) return [own, source];
    if (!source.imports.has(name)) return undefined;
    for (const other of [...sources, ...shared]) {
      const found = other.consts.get(name);
      if (found) return [found, other];
    }
    return undefined;
  }

  /** A function by name, as for constants. */
  function functionNamed(source: Source, name: string): [ts.SignatureDeclaration, Source] | undefined {
    const own = source.functions.get(name);
    if (own) return [own, source];
    if (!source.imports.has(name)) return undefined;
    for (const other of [...sources, ...shared]) {
      const found = other.functions.get(name);
      if (found) return [found, other];
    }
    return undefined;
  }

  /** What a helper that writes a message returns (`payoutBelowMinimum(min)`), its parameters as values. */
  function returnTexts(call: ts.CallExpression, source: Source, depth: number): string[] | null {
    if (!ts.isIdentifier(call.expression)) return null;
    // The contract's message of a code, written with its values: the code's text, values as holes.
    const [code] = call.arguments;
    if (call.expression.text === "apiErrorText" && code && ts.isStringLiteral(code)) {
      const owner = shared.find((other) => other.consts.has("API_ERROR_MESSAGES"));
      const table = owner && ([owner.consts.get("API_ERROR_MESSAGES"), owner] as const);
      const object = table?.[0] && skipCasts(table[0]);
      const property = object && ts.isObjectLiteralExpression(object) && propertyOf(object, code.text);
      const found =
        owner &&
        property &&
        ts.isPropertyAssignment(property) &&
        texts(property.initializer, owner, depth + 1);
      return found ? found.map((text) => text.replace(/\{\w+\}/g, HOLE)) : null;
    }
    const found = functionNamed(source, call.expression.text);
    if (!found) return null;
    const [fn, fnSource] = found;
    const body = ts.isArrowFunction(fn) || ts.isFunctionDeclaration(fn) ? fn.body : undefined;
    if (!body) return null;
    const returned: (ts.Expression | undefined)[] = [];
    const collect = (node: ts.Node) => {
      if (ts.isReturnStatement(node)) returned.push(node.expression);
      else if (!ts.isFunctionLike(node)) ts.forEachChild(node, collect);
    };
    if (ts.isBlock(body)) body.statements.forEach(collect);
    else returned.push(body);
    const params = new Set(fn.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])));
    const all: string[] = [];
    for (const expr of returned) {
      // `return null`: no problem, no message.
      if (expr && expr.kind === ts.SyntaxKind.NullKeyword) continue;
      const found = expr && texts(expr, fnSource, depth + 1, params);
      if (!found) return null;
      all.push(...found);
    }
    return all;
  }

  /** The texts an expression can be; null when it cannot be read from the source. */
  function texts(
    expr: ts.Expression,
    source: Source,
    depth = 0,
    holes: ReadonlySet<string> = new Set(),
  ): string[] | null {
    if (depth > 8) return null;
    const e = skipCasts(expr);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
    if (ts.isTemplateExpression(e)) {
      let results = [e.head.text];
      for (const span of e.templateSpans) {
        const filled = texts(span.expression, source, depth + 1, holes) ?? [HOLE];
        results = results.flatMap((r) => filled.map((f) => r + f + span.literal.text));
      }
      return results;
    }
    if (ts.isConditionalExpression(e)) {
      const a = texts(e.whenTrue, source, depth + 1, holes);
      const b = texts(e.whenFalse, source, depth + 1, holes);
      return a && b ? [...a, ...b] : null;
    }
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const a = texts(e.left, source, depth + 1, holes);
      const b = texts(e.right, source, depth + 1, holes);
      return a && b ? a.flatMap((x) => b.map((y) => x + y)) : null;
    }
    if (ts.isCallExpression(e)) return returnTexts(e, source, depth);
    if (ts.isIdentifier(e)) {
      if (holes.has(e.text)) return [HOLE];
      const parameter = parameterTexts(e, source, depth);
      if (parameter !== undefined) return parameter;
      const found = constantNamed(source, e.text);
      return found ? texts(found[0], found[1], depth + 1) : null;
    }
    if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression)) {
      const found = constantNamed(source, e.expression.text);
      const object = found && skipCasts(found[0]);
      if (found && object && ts.isObjectLiteralExpression(object)) {
        const property = propertyOf(object, e.name.text);
        if (property && ts.isPropertyAssignment(property))
          return texts(property.initializer, found[1], depth + 1);
      }
      return null;
    }
    return null;
  }

  /**
   * A parameter of the function around it (`const bad = (message: string) => new TRPCError(...)`): the texts
   * of the arguments its callers in the same file pass; undefined when the name is no such parameter.
   */
  function parameterTexts(id: ts.Identifier, source: Source, depth: number): string[] | null | undefined {
    for (let node: ts.Node | undefined = id.parent; node; node = node.parent) {
      if (!ts.isFunctionLike(node)) continue;
      const index = node.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === id.text);
      // A value taken apart from a parameter ({ status, message }): passed on, not written here.
      if (
        index < 0 &&
        node.parameters.some((p) => !ts.isIdentifier(p.name) && p.name.getText().includes(id.text))
      )
        return null;
      if (index < 0) continue;
      const name = [...source.functions].find(([, f]) => f === node)?.[0];
      if (!name) return null;
      const calls: ts.CallExpression[] = [];
      const visit = (n: ts.Node) => {
        if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === name)
          calls.push(n);
        ts.forEachChild(n, visit);
      };
      visit(source.file);
      const all: string[] = [];
      for (const call of calls) {
        const arg = call.arguments[index];
        const found = arg ? texts(arg, source, depth + 1) : null;
        if (!found) {
          if (arg) unresolved.push({ site: siteOf(source, arg), expression: arg.getText() });
          continue;
        }
        all.push(...found);
      }
      return all;
    }
    return undefined;
  }

  function record(expr: ts.Expression, source: Source) {
    const found = texts(expr, source);
    if (found) for (const text of found) refusals.push({ site: siteOf(source, expr), text });
    else unresolved.push({ site: siteOf(source, expr), expression: expr.getText() });
  }

  for (const source of sources) {
    const visit = (node: ts.Node) => {
      if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === "TRPCError"
      ) {
        const options = node.arguments?.[0];
        const message = options && ts.isObjectLiteralExpression(options) && propertyOf(options, "message");
        if (message) record(ts.isPropertyAssignment(message) ? message.initializer : message.name, source);
      } else if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === "errorBody"
      ) {
        const message = node.arguments[1];
        if (message) record(message, source);
      } else if (ts.isObjectLiteralExpression(node)) {
        const message = propertyOf(node, "message");
        const isReply = ["status", "error", "ok"].some((name) => propertyOf(node, name));
        const inTrpcError = ts.isNewExpression(node.parent);
        if (message && isReply && !inTrpcError)
          record(ts.isPropertyAssignment(message) ? message.initializer : message.name, source);
      }
      ts.forEachChild(node, visit);
    };
    visit(source.file);
  }
  return { refusals, unresolved };
}
