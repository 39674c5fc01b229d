// Type-aware linting plus the architecture's import boundaries: only src/graph imports
// neo4j-driver, only src/http imports express, only src/queue imports bullmq/ioredis, only
// src/telemetry imports prom-client and OpenTelemetry, only src/blob imports the S3 client, its
// multipart upload and its presigner, only src/sync-client (the sync CLI's client) imports
// cli-progress and stream-json.
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const boundary = (names, owner) => ({
  name: names,
  message: `Only ${owner} may import this; go through its module instead.`,
});

const restricted = (except) => {
  const all = [
    { names: ['neo4j-driver'], owner: 'src/graph' },
    { names: ['express', 'express-openapi-validator', 'pino-http'], owner: 'src/http' },
    { names: ['bullmq', 'ioredis'], owner: 'src/queue' },
    { names: ['prom-client'], owner: 'src/telemetry', patterns: ['@opentelemetry/*'] },
    {
      names: ['@aws-sdk/client-s3', '@aws-sdk/lib-storage', '@aws-sdk/s3-request-presigner'],
      owner: 'src/blob',
    },
    { names: ['cli-progress', 'stream-json'], owner: 'src/sync-client' },
  ].filter((b) => b.owner !== except);
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: all.flatMap((b) => b.names.map((n) => boundary(n, b.owner))),
        patterns: all.flatMap((b) =>
          (b.patterns ?? []).map((group) => ({
            group: [group],
            message: `Only ${b.owner} may import this; go through its module instead.`,
          })),
        ),
      },
    ],
  };
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'tools/*/target/**',
      '.data/**',
      'scripts/**/*.js',
      'scripts/**/*.mjs',
      'scripts/**/*.cjs',
      '*.cjs',
      'test/generated/**',
      'src/generated/**',
      'src/query/j1ql/parser.generated.ts',
      'bin/**/*.js',
      '*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through src/config (loadConfig).',
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: [
      'src/graph/**',
      'src/http/**',
      'src/queue/**',
      'src/telemetry/**',
      'src/blob/**',
      'src/sync-client/**',
    ],
    rules: restricted('none'),
  },
  // Small files with one job, and functions that fit on a screen (docs/architecture.md): a longer
  // one says why in the disable comment, which must carry a reason (`-- why`).
  {
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 60 }],
    },
  },
  comments.recommended,
  {
    files: ['src/**/*.ts'],
    rules: { '@eslint-community/eslint-comments/require-description': 'error' },
  },
  { files: ['src/graph/**/*.ts'], rules: restricted('src/graph') },
  { files: ['src/http/**/*.ts'], rules: restricted('src/http') },
  { files: ['src/queue/**/*.ts'], rules: restricted('src/queue') },
  { files: ['src/telemetry/**/*.ts'], rules: restricted('src/telemetry') },
  { files: ['src/blob/**/*.ts'], rules: restricted('src/blob') },
  { files: ['src/sync-client/**/*.ts'], rules: restricted('src/sync-client') },
  { files: ['src/config/**/*.ts', 'test/**/*.ts'], rules: { 'no-restricted-syntax': 'off' } },
  {
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // supertest's res.body is `any`; tests assert on it field by field.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // The web console (decision 0058): a browser app that knows the service only through the
  // contract's generated types and the API, never by importing its code.
  {
    files: ['console/src/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src/(?!generated/openapi$)',
              message:
                'The console talks to the service only through the API (src/generated/openapi types).',
            },
          ],
        },
      ],
    },
  },
  // Vite loads its config as the module's default export.
  { files: ['console/vite.config.mts'], rules: { 'no-restricted-syntax': 'off' } },
  prettier,
);
