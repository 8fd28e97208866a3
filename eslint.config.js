// ESLint flat config: typescript-eslint recommended rules for the whole tree.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const NO_FASTIFY = { group: ['fastify', '@fastify/*'], message: 'Layer rule: only the HTTP layer knows Fastify.' };
const NO_HTTP = { group: upTo('http'), message: 'Layer rule: nothing below the HTTP layer imports it.' };
const NO_SERVICES = { group: upTo('services'), message: 'Layer rule: the vocabulary, storage and plug-ins (formats, checks, engines, add-ons, forge hooks, task handlers) never call services.' };
const NO_DB = { group: upTo('db'), message: 'Layer rule: the vocabulary and the shared helpers know no storage.' };
const NO_KYSELY = { group: ['kysely'], allowTypeImports: true, message: 'Layer rule: queries are built only in src/db repositories.' };

/** What each top-level folder of src/ may not import (ESLint keeps one setting of a rule per file, so each folder gets all of its own at once). */
const LAYERS = {
  addons: [NO_FASTIFY, NO_HTTP, NO_SERVICES],
  auth: [NO_FASTIFY, NO_HTTP],
  checks: [NO_FASTIFY, NO_HTTP, NO_SERVICES],
  cli: [NO_FASTIFY],
  db: [NO_FASTIFY, NO_HTTP, NO_SERVICES],
  domain: [NO_FASTIFY, NO_HTTP, NO_SERVICES, NO_DB],
  formats: [NO_FASTIFY, NO_HTTP, NO_SERVICES, NO_DB],
  hooks: [NO_FASTIFY, NO_HTTP, NO_SERVICES],
  languages: [NO_FASTIFY, NO_HTTP, NO_SERVICES, NO_DB],
  machinery: [NO_FASTIFY, NO_HTTP, NO_SERVICES],
  mail: [NO_FASTIFY, NO_HTTP, NO_SERVICES, NO_DB],
  search: [NO_FASTIFY, NO_HTTP],
  services: [NO_FASTIFY, NO_HTTP],
  shared: [NO_FASTIFY, NO_HTTP, NO_SERVICES, NO_DB],
  tasks: [NO_FASTIFY, NO_HTTP, NO_SERVICES],
  ui: [NO_FASTIFY],
  vcs: [NO_FASTIFY, NO_HTTP, NO_SERVICES],
};
/** Known exceptions, each a file that still reaches up (the built-in teams are seeded through the service that defines them). */
const EXCEPTIONS = { 'src/db/seed.ts': [NO_FASTIFY, NO_HTTP] };

/** Relative imports of the top-level folder src/<name> from any depth (a subfolder of the same name is not it). */
function upTo(name) {
  return ['../', '../../', '../../../', '../../../../'].map((up) => `${up}${name}/*`);
}

/** Query-builder calls and sql`` templates: storage code, allowed only under src/db (tests included, so fixtures use repositories too). */
const QUERY_SYNTAX = [
  { selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|selectNoFrom)$/]", message: 'Layer rule: queries are built only in src/db repositories.' },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'Layer rule: SQL is written only in src/db repositories.' },
];

/** One no-restricted-imports block per folder (tests may reach across layers to set things up). */
function layerRules() {
  const block = (files, ignores, patterns) => ({
    files,
    ignores: ['**/*.test.ts', ...ignores],
    rules: { 'no-restricted-imports': ['error', { patterns: files.some((f) => f.startsWith('src/db/')) ? patterns : [...patterns, NO_KYSELY] }] },
  });
  return [
    ...Object.entries(LAYERS).map(([folder, patterns]) => block([`src/${folder}/**/*.ts`], Object.keys(EXCEPTIONS).filter((f) => f.startsWith(`src/${folder}/`)), patterns)),
    ...Object.entries(EXCEPTIONS).map(([file, patterns]) => block([file], [], patterns)),
    block(['src/*.ts'], ['src/app.ts'], [NO_FASTIFY]),
  ];
}

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', '.tmp/', '**/*.generated.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  { files: ['bin/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  // Layers (docs/architecture.md): http → services → domain / db / plug-ins → shared. Imports point down only.
  ...layerRules(),
  { files: ['src/**/*.ts'], ignores: ['src/db/**'], rules: { 'no-restricted-syntax': ['error', ...QUERY_SYNTAX] } },
);
