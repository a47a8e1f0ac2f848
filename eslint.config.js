// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The app layer: the files that compose features into the site, as the route modules in
 * app/routes/ do. The document shell (root.tsx, which renders the cookie banner and the feed
 * link), the route table, the server's entry and the site's script entry (app/enhance/main.ts,
 * which loads the consultation form's script on its page). Everything else under app/ outside
 * app/features/ and app/routes/ is a shared layer, and so is shared/.
 */
const appLayer = new Set([
  'app/root.tsx',
  'app/routes.ts',
  'app/entry.server.tsx',
  'app/enhance/main.ts',
]);

/** @param {string} file */
const isSharedLayer = (file) =>
  (file.startsWith('app/') &&
    !file.startsWith('app/features/') &&
    !file.startsWith('app/routes/') &&
    !appLayer.has(file)) ||
  file.startsWith('shared/');

/**
 * Rooms and doors (docs/architecture.md): app/ and server/ meet only over HTTP; the
 * Supabase-compatible services (server/supabase/) never import the product (server/product/);
 * features never import each other, and shared layers never import a feature (type-only imports
 * included); only app/data/ talks to supabase-js. Import circles (type-only imports included) are refused by
 * `npm run lint` too, through scripts/structure.ts --check, which walks the whole import graph
 * once; a lint rule sees one file at a time.
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
          : /^#(server|shared|tests)\//.test(source)
            ? source.slice(1)
            : source;
      const report = (/** @type {string} */ message) => context.report({ node, message });
      if (file.startsWith('app/') && resolved.startsWith('server/'))
        report('app/ must not import server/: they meet over HTTP.');
      if (file.startsWith('server/') && resolved.startsWith('app/'))
        report('server/ must not import app/: they meet over HTTP.');
      if (file.startsWith('server/supabase/') && resolved.startsWith('server/product/'))
        report(
          'server/supabase/ must not import server/product/: the services know no product; let server/app.ts pass in what they need.',
        );
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
      if (target && isSharedLayer(file))
        report(
          `A shared layer must not import feature "${target}": move what both need to a shared place, or let the app layer (${[...appLayer].join(', ')}) pass it in.`,
        );
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

/**
 * Every load a component makes goes through useLoaded (app/admin/use-loaded.ts), which drops an
 * answer that comes back after its deps changed or the page was left. This refuses the
 * hand-written kind: an effect (useEffect, useLayoutEffect) whose callback calls a function
 * imported from app/data/, or keeps its own flag against stale answers (`let current`,
 * `let cancelled`, …). An effect that only subscribes or focuses is left alone.
 * @type {import('eslint').Rule.RuleModule}
 */
const oneLoadHook = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const message =
      'Load through useLoaded (app/admin/use-loaded.ts), not a hand-written effect: it drops an answer that comes back after its deps changed or the page was left.';
    /** Local names of the values imported from app/data/. */
    const dataFunctions = new Set();
    /** Local functions (declared, or held by a const such as a useCallback) that call them. */
    const loaders = new Set();
    /** Calls made in an effect to a local function, and effects handed a local function. */
    /** @type {{ name: string, node: any }[]} */
    const effectCalls = [];
    /** @type {Set<any>} */
    const reported = new Set();
    /** @param {any} callee */
    const calleeName = (callee) =>
      callee.type === 'MemberExpression' ? callee.property.name : callee.name;
    /** @param {any} node */
    const isEffect = (node) =>
      node?.type === 'CallExpression' && /^use(Layout)?Effect$/.test(calleeName(node.callee));
    /** @param {any} node */
    const isEffectCallback = (node) =>
      (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') &&
      isEffect(node.parent) &&
      node.parent.arguments[0] === node;
    /** The effect whose callback holds node, if any. @param {any} node */
    const effectOf = (node) =>
      context.sourceCode.getAncestors(node).findLast(isEffectCallback)?.parent;
    /** @param {any} effect */
    const report = (effect) => {
      if (reported.has(effect)) return;
      reported.add(effect);
      context.report({ node: effect, message });
    };
    /** The name of the local function that holds node, if any. @param {any} node */
    const holderOf = (node) => {
      for (const ancestor of context.sourceCode.getAncestors(node).reverse()) {
        if (ancestor.type === 'FunctionDeclaration' && ancestor.id) return ancestor.id.name;
        if (ancestor.type === 'VariableDeclarator' && ancestor.id.type === 'Identifier')
          return ancestor.id.name;
      }
      return undefined;
    };
    /** @type {{ name: string, holder: string }[]} */
    const localCalls = [];
    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (node.importKind === 'type' || !/^(~\/data\/|\.\.?\/.*data\/)/.test(source)) return;
        for (const specifier of node.specifiers)
          if (!('importKind' in specifier) || specifier.importKind !== 'type')
            dataFunctions.add(specifier.local.name);
      },
      CallExpression(node) {
        if (isEffect(node) && node.arguments[0]?.type === 'Identifier')
          effectCalls.push({ name: node.arguments[0].name, node });
        const callee = node.callee.type === 'MemberExpression' ? node.callee.object : node.callee;
        if (callee.type !== 'Identifier') return;
        const effect = effectOf(node);
        if (dataFunctions.has(callee.name)) {
          if (effect) report(effect);
          const holder = holderOf(node);
          if (holder) loaders.add(holder);
        } else {
          if (effect) effectCalls.push({ name: callee.name, node: effect });
          const holder = holderOf(node);
          if (holder) localCalls.push({ name: callee.name, holder });
        }
      },
      'VariableDeclaration[kind="let"] > VariableDeclarator > Identifier.id'(node) {
        const effect = effectOf(node);
        if (effect && /^(current|cancell?ed|active|ignore|stale|alive|mounted)$/.test(node.name))
          report(effect);
      },
      'Program:exit'() {
        // A function that calls a loader loads too.
        for (let grown = true; grown;) {
          grown = false;
          for (const { name, holder } of localCalls)
            if (loaders.has(name) && !loaders.has(holder)) grown = loaders.add(holder) !== null;
        }
        for (const { name, node } of effectCalls) if (loaders.has(name)) report(node);
      },
    };
  },
};

/**
 * The Supabase-compatible services speak the protocol generically: no product table names. The
 * product's tables are read from the migrations (every `create table public.<name>`) each time
 * lint runs, so the list never goes stale.
 */
const migrations = path.join(import.meta.dirname, 'supabase/migrations');
const productTables = readdirSync(migrations)
  .filter((name) => name.endsWith('.sql'))
  .flatMap((name) => [
    ...readFileSync(path.join(migrations, name), 'utf8').matchAll(
      /create\s+table\s+(?:if\s+not\s+exists\s+)?public\."?(\w+)/gi,
    ),
  ])
  .map((match) => match[1]);
const productTableName = `/\\b(${productTables.join('|')})\\b/`;

/** Imports reach another folder through an alias, never by climbing two levels. */
const reachThroughAlias = {
  regex: '^\\.\\./\\.\\./',
  message:
    'Reach another folder through an alias (~/ for app/, #server/, #shared/, #tests/), not ../../.',
};

export default tseslint.config(
  { ignores: ['node_modules', 'build', '.react-router', '.data*', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: {
      local: { rules: { boundaries, 'one-load-hook': oneLoadHook } },
      'react-hooks': reactHooks,
    },
    rules: {
      'local/boundaries': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [reachThroughAlias] }],
    },
  },
  {
    // A public page's links are plain anchors where no router runs (decision 38); the admin hydrates
    // and keeps React Router's own.
    files: ['app/**/*.tsx'],
    ignores: [
      'app/ui/site-link.tsx',
      'app/admin/**',
      'app/features/team/**',
      'app/features/leads/**',
      'app/features/insights/**',
      'app/features/booking/availability-*.tsx',
      '**/*.test.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [reachThroughAlias],
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message:
                'Public pages link with SiteLink or SiteNavLink (~/ui/site-link): a plain anchor where the page does not hydrate.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'app/admin/use-loaded.ts'],
    rules: { 'local/one-load-hook': 'error' },
  },
  {
    // Tests query the page as a person does, through screen, and wait with findBy.
    files: ['app/**/*.test.tsx'],
    ...testingLibrary.configs['flat/react'],
    // Only testing-library's own render counts as one: the tests' helpers named render… return
    // server-rendered HTML strings or containers, not a render result to name.
    settings: { 'testing-library/custom-renders': 'off' },
  },
  {
    // The admin's screens and the agency's mails write dates through one formatter
    // (shared/date-time.ts, and app/i18n/format.ts for the admin): 24-hour, in the agency's zone,
    // the zone named. Left out: the visitor's booking step (slot-days.ts), which writes times in
    // the visitor's own zone, and the CSV files (lead-exports.ts), whose cells are data in ISO order.
    files: [
      'app/admin/**/*.{ts,tsx}',
      'app/features/{blog,leads,team,settings,insights,booking}/**/*.{ts,tsx}',
      'server/product/leads/**/*.ts',
    ],
    ignores: [
      '**/*.test.{ts,tsx}',
      'app/features/booking/slot-days.ts',
      'app/features/leads/lead-exports.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          "CallExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
          "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
        ].map((selector) => ({
          selector,
          message:
            'Write an admin or mail date through formatAdminDateTime (app/i18n/format.ts) or shared/date-time.ts: 24-hour, in the agency’s zone, the zone named.',
        })),
      ],
    },
  },
  {
    files: ['server/supabase/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `Literal[value=${productTableName}]`,
          `TemplateElement[value.raw=${productTableName}]`,
        ].map((selector) => ({
          selector,
          message:
            'The Supabase-compatible services must not name product tables (supabase/migrations): let the product pass in what it needs.',
        })),
      ],
    },
  },
);
