/**
 * No words left in a component (issue 16): every text a user sees or hears comes from the
 * catalogues, so JSX text with letters, and a literal with letters in an attribute that is read
 * out or shown (aria-label, placeholder, title, alt, label), fail here with file:line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const TEXT_ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label']);
const LETTER = /\p{L}/u;

/** Literal words that are the same in every language, each with its reason. */
const ALLOWED: Record<string, string[]> = {
  // The country code in front of the phone box, as printed on Indian forms.
  'src/features/auth/login-page.tsx': ['IN'],
};

function componentFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : componentFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

/** The literal text of an attribute's value: "x", {'x'}, {`x`} or the fixed parts of {`x ${y}`}. */
function literalText(value: ts.JsxAttributeValue | undefined): string | undefined {
  if (!value) return undefined;
  const expression = ts.isJsxExpression(value) ? value.expression : value;
  if (!expression) return undefined;
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return expression.text;
  if (ts.isTemplateExpression(expression)) {
    return [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)].join(' ');
  }
  return undefined;
}

function literalsIn(file: string): string[] {
  const name = relative(root, file);
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const allowed = new Set(ALLOWED[name] ?? []);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.trim();
    if (!LETTER.test(trimmed) || allowed.has(trimmed)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${name}:${line + 1} ${JSON.stringify(trimmed)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(source))) {
      const text = literalText(node.initializer);
      if (text !== undefined) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the components', () => {
  it('have no text of their own: every word comes from the catalogues', () => {
    const literals = componentFiles(join(root, 'src')).flatMap(literalsIn);
    expect(literals, `Move these to the catalogues:\n${literals.join('\n')}`).toEqual([]);
  });
});
