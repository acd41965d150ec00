import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/** The names an entry module exports: runtime values and type-only names, each sorted. */
export interface ExportedNames {
  /** Names that exist at run time (functions, classes, constants). */
  values: string[];
  /** Names that exist only in types (interfaces, type aliases, `export type`). */
  types: string[];
}

/** What {@link describeExports} checks for one package entry point. */
export interface ExportsSpec {
  /** The entry module's source file, e.g. `new URL('./index.ts', import.meta.url)`. */
  entry: URL;
  /** Imports the entry module, e.g. `() => import('./index.ts')`. */
  load: () => Promise<object>;
  /** Every runtime name the entry may export. */
  values: readonly string[];
  /** Every type-only name the entry may export. */
  types: readonly string[];
}

/**
 * Registers the tests that keep a package entry point curated: the module exports exactly
 * `values` at run time, and its export statements name exactly `values` and `types`. A name
 * added to an entry without being added to its list fails, so every public name is public on
 * purpose. `export *` fails too: it would make the list say nothing.
 *
 * @param entryName The import specifier users write, e.g. `@toolschema/core/adapter`.
 * @param spec The entry's source, loader and lists.
 */
export function describeExports(entryName: string, spec: ExportsSpec): void {
  describe(`${entryName} exports`, () => {
    it('exactly the listed runtime values', async () => {
      const module = await spec.load();
      expect(Object.keys(module).sort()).toStrictEqual([...spec.values].sort());
    });

    it('exactly the listed values and types in its export statements', async () => {
      expect(await exportedNames(spec.entry)).toStrictEqual({
        values: [...spec.values].sort(),
        types: [...spec.types].sort(),
      });
    });
  });
}

/**
 * Reads the export statements of a TypeScript module (not what they resolve to, so it is fast
 * and needs no build): `export { a, type B } from '...'`, `export type { C }`, and exported
 * declarations.
 *
 * @param entry The module's source file.
 * @returns Its exported names.
 * @throws Error for `export *` and `export * as`, whose names the statement does not say.
 */
export async function exportedNames(entry: URL): Promise<ExportedNames> {
  // Loaded on demand: TypeScript is large, and most test files never need it.
  const ts = (await import('typescript')).default;
  const text = await readFile(entry, 'utf8');
  const source = ts.createSourceFile(entry.pathname, text, ts.ScriptTarget.Latest, false);
  const values: string[] = [];
  const types: string[] = [];
  const isExported = (node: import('typescript').Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (clause === undefined || !ts.isNamedExports(clause)) {
        throw new Error(`${entry.pathname}: \`export *\` hides which names are public`);
      }
      for (const element of clause.elements) {
        const typeOnly = statement.isTypeOnly || element.isTypeOnly;
        (typeOnly ? types : values).push(element.name.text);
      }
    } else if (ts.isExportAssignment(statement)) {
      values.push('default');
    } else if (isExported(statement)) {
      if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) {
        types.push(statement.name.text);
      } else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          values.push(declaration.name.getText(source));
        }
      } else if (
        (ts.isFunctionDeclaration(statement) ||
          ts.isClassDeclaration(statement) ||
          ts.isEnumDeclaration(statement)) &&
        statement.name !== undefined
      ) {
        values.push(statement.name.text);
      }
    }
  }
  return { values: values.sort(), types: types.sort() };
}
