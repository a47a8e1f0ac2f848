// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

/**
 * Rooms and doors (DESIGN.md): app/ and server/ meet only over HTTP; features never import each
 * other; only app/data/ talks to supabase-js; server/rest and server/auth know no table names.
 * @type {import('eslint').Rule.RuleModule}
 */
const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.relative(process.cwd(), context.filename).split(path.sep).join('/');
    /** @param {any} node @param {string} source */
    function check(node, source) {
      const resolved = source.startsWith('.')
        ? path.posix.normalize(path.posix.join(path.posix.dirname(file), source))
        : source.startsWith('~/')
          ? 'app/' + source.slice(2)
          : source;
      const report = (/** @type {string} */ message) => context.report({ node, message });
      if (file.startsWith('app/') && resolved.startsWith('server/'))
        report('app/ must not import server/: they meet over HTTP.');
      if (file.startsWith('server/') && resolved.startsWith('app/'))
        report('server/ must not import app/: they meet over HTTP.');
      if (
        file.startsWith('app/') &&
        !file.startsWith('app/data/') &&
        resolved.startsWith('@supabase/')
      )
        report('Only app/data/ may import supabase-js.');
      const feature = file.match(/^app\/features\/([^/]+)\//)?.[1];
      const target = resolved.match(/^app\/features\/([^/]+)\//)?.[1];
      if (feature && target && feature !== target)
        report(`Feature "${feature}" must not import feature "${target}".`);
    }
    return {
      ImportDeclaration: (node) => check(node, String(node.source.value)),
      ImportExpression: (node) => {
        if (node.source.type === 'Literal') check(node, String(node.source.value));
      },
      ExportNamedDeclaration: (node) => node.source && check(node, String(node.source.value)),
      ExportAllDeclaration: (node) => check(node, String(node.source.value)),
    };
  },
};

/** server/rest and server/auth speak the protocol generically: no product table names. */
const productTables = ['blog_posts', 'consultations'];

export default tseslint.config(
  { ignores: ['node_modules', 'build', '.react-router', '.data*', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { local: { rules: { boundaries } }, 'react-hooks': reactHooks },
    rules: {
      'local/boundaries': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['server/rest/**/*.ts', 'server/auth/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...productTables.map((t) => ({
          selector: `Literal[value=/${t}/]`,
          message: 'The protocol layer must not name product tables.',
        })),
      ],
    },
  },
);
