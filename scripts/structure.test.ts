import { describe, expect, it } from 'vitest';
import {
  countLines,
  countReferences,
  doorsOpen,
  findCycles,
  headerGivesReason,
  isSharedLayer,
  isTestFile,
  parseModule,
  resolveImport,
  table,
} from './structure.ts';

// The words are joined at run time so that this file holds no reference the script would count.
const issue = (n: number) => `${'Iss'}ue ${n}`;
const section = (n: number) => `${'\u00a7'}${n}`;

describe('resolving an import', () => {
  const files = new Set([
    'app/data/posts.ts',
    'app/ui/button.tsx',
    'app/features/blog/index.ts',
    'server/app.ts',
    'server/rest/parse.ts',
  ]);
  const exists = (file: string) => files.has(file);

  it('reads ~/ as app/ and tries .ts and .tsx', () => {
    expect(resolveImport('~/data/posts', 'app/root.tsx', exists)).toBe('app/data/posts.ts');
    expect(resolveImport('~/ui/button', 'app/root.tsx', exists)).toBe('app/ui/button.tsx');
  });

  it("reads the package's aliases #server/, #shared/ and #tests/ as their folders", () => {
    expect(resolveImport('#server/rest/parse.ts', 'tests/contract/x.test.ts', exists)).toBe(
      'server/rest/parse.ts',
    );
    expect(resolveImport('#server/app', 'bench/run.ts', exists)).toBe('server/app.ts');
    expect(resolveImport('#elsewhere/app.ts', 'bench/run.ts', exists)).toBeUndefined();
  });

  it('follows relative paths, with or without the extension, and index files', () => {
    expect(resolveImport('../app.ts', 'server/rest/api.ts', exists)).toBe('server/app.ts');
    expect(resolveImport('./parse', 'server/rest/api.ts', exists)).toBe('server/rest/parse.ts');
    expect(resolveImport('./parse.js', 'server/rest/api.ts', exists)).toBe('server/rest/parse.ts');
    expect(resolveImport('../features/blog', 'app/ui/x.ts', exists)).toBe(
      'app/features/blog/index.ts',
    );
  });

  it('leaves packages, stylesheets and missing files unresolved', () => {
    expect(resolveImport('react', 'app/root.tsx', exists)).toBeUndefined();
    expect(resolveImport('node:fs', 'server/app.ts', exists)).toBeUndefined();
    expect(resolveImport('./button.css', 'app/ui/button.tsx', exists)).toBeUndefined();
    expect(resolveImport('./+types/home', 'app/routes/home.tsx', exists)).toBeUndefined();
  });
});

describe('reading a module', () => {
  it('finds static, dynamic, type-only and re-exported imports', () => {
    const { imports } = parseModule(
      'app/x.ts',
      [
        "import a from './a';",
        "import type { B } from './b';",
        "import { type C } from './c';",
        "export { d } from './d';",
        "export type { E } from './e';",
        "const f = () => import('./f');",
        "type G = import('./g').G;",
        "import './h.css';",
      ].join('\n'),
    );
    expect(imports).toEqual([
      { specifier: './a', typeOnly: false },
      { specifier: './b', typeOnly: true },
      // Kept at run time under verbatimModuleSyntax: the module is still loaded.
      { specifier: './c', typeOnly: false },
      { specifier: './d', typeOnly: false },
      { specifier: './e', typeOnly: true },
      { specifier: './f', typeOnly: false },
      { specifier: './g', typeOnly: true },
      { specifier: './h.css', typeOnly: false },
    ]);
  });

  it('measures functions and components from first to last line, by name', () => {
    const { functions, lines } = parseModule(
      'app/x.tsx',
      [
        '// A fixture.',
        'export function Page() {',
        '  work();',
        '  work();',
        '  return <div />;',
        '}',
        'const helper = (value: number) => {',
        '  return value;',
        '};',
        'class Store {',
        '  read() {',
        '    return 1;',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expect(lines).toBe(14);
    expect(functions).toEqual([
      { name: 'Page', line: 2, lines: 5 },
      { name: 'helper', line: 7, lines: 3 },
      { name: 'read', line: 11, lines: 3 },
    ]);
  });

  it('names callbacks by the call they are given to and skips describe blocks', () => {
    const { functions } = parseModule(
      'app/x.test.tsx',
      [
        "describe('a group', () => {",
        "  it('does a thing', () => {",
        '    expect(1).toBe(1);',
        '  });',
        '});',
        'const Memo = memo(function () {',
        '  return null;',
        '});',
      ].join('\n'),
    );
    expect(functions.map((fn) => fn.name)).toEqual(['it callback', 'Memo']);
  });

  it('takes a reason for length from a header line beginning "Long because"', () => {
    expect(headerGivesReason('// The form.\n// Long because its fields belong together.\n')).toBe(
      true,
    );
    expect(headerGivesReason('/**\n * The form.\n * Long because of the fields.\n */\nx();')).toBe(
      true,
    );
    expect(
      headerGivesReason('// The form.\nx();\n// Long because it is not in the header.\n'),
    ).toBe(false);
    expect(headerGivesReason('// The form, not long because of anything.\n')).toBe(false);
  });

  it('counts lines as wc -l does', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a\nb\n')).toBe(2);
    expect(countLines('a\nb')).toBe(2);
  });
});

describe('finding import circles', () => {
  it('finds each strongly connected group once, and files that import themselves', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', ['e']],
      ['e', []],
      ['f', ['f']],
      ['g', ['h']],
      ['h', ['g', 'a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c'], ['f'], ['g', 'h']]);
  });

  it('finds none in a graph without circles, however deep', () => {
    const chain = new Map(
      Array.from({ length: 20_000 }, (_, n) => [`m${n}`, n < 19_999 ? [`m${n + 1}`] : []]),
    );
    expect(findCycles(chain)).toEqual([]);
  });
});

describe('counting references a newcomer cannot open', () => {
  it('counts issue numbers and specification sections, however written', () => {
    const text = [
      `// ${issue(14)} adds the banner (specification ${section(2)}, ${section(9)}).`,
      `// since ${issue(8).toLowerCase()}'s speed budget; ${'iss'}ue #12; ${'iss'}ue`,
      '// 3 split across lines.',
      '// No number: the issue we fixed, tissue 4, issues with §x.',
      '// An upstream bug one can open: https://github.com/electric-sql/pglite/issues/123',
    ].join('\n');
    expect(countReferences(text)).toEqual({ issue: 4, section: 2 });
  });
});

describe('the doors', () => {
  it('knows the shared layers, the app layer that composes features, and the tests', () => {
    expect(isSharedLayer('app/ui/site-layout.tsx')).toBe(true);
    expect(isSharedLayer('app/enhance/consent.ts')).toBe(true);
    expect(isSharedLayer('app/root.tsx')).toBe(false);
    expect(isSharedLayer('app/enhance/main.ts')).toBe(false);
    expect(isSharedLayer('shared/calendar.ts')).toBe(true);
    expect(isSharedLayer('app/features/blog/post.tsx')).toBe(false);
    expect(isSharedLayer('app/routes/home.tsx')).toBe(false);
    expect(isSharedLayer('server/app.ts')).toBe(false);
    expect(isTestFile('tests/support/site.ts')).toBe(true);
    expect(isTestFile('app/ui/x.test.tsx')).toBe(true);
    expect(isTestFile('app/ui/x.tsx')).toBe(false);
  });

  it('is open while an edge, a circle, an issue reference or a long file without a reason remains', () => {
    const closed = {
      longWithoutReason: 0,
      sharedToFeature: 0,
      circles: 0,
      issueReferences: 0,
      sectionReferences: 2,
    };
    expect(doorsOpen(closed)).toBe(false);
    expect(doorsOpen({ ...closed, sharedToFeature: 1 })).toBe(true);
    expect(doorsOpen({ ...closed, circles: 1 })).toBe(true);
    expect(doorsOpen({ ...closed, issueReferences: 1 })).toBe(true);
    expect(doorsOpen({ ...closed, longWithoutReason: 1 })).toBe(true);
  });

  it('prints plain tables with numbers to the right', () => {
    expect(
      table(
        ['file', 'lines'],
        [
          ['a.ts', 5],
          ['long-name.ts', 120],
        ],
      ),
    ).toBe(
      [
        'file          lines',
        '------------  -----',
        'a.ts              5',
        'long-name.ts    120',
      ].join('\n'),
    );
  });
});
