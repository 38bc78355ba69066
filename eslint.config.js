// @ts-check
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * A web feature folder is a room (DESIGN.md): code in web/src/features/<area>/ may use ui/, api/,
 * app/ and @pharos/core, never another feature; shared needs move down into ui/, api/ or core/, and
 * a feature's screen offered to another goes through the resource-extension slots of the app.
 * Imports are relative, so each area gets one rule per folder depth: from a file `depth` folders
 * below web/src/features/<area>/, `../` taken depth + 1 times reaches web/src/features/.
 */
const FEATURES = readdirSync(join(import.meta.dirname, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const MAX_FEATURE_DEPTH = 6;

/** @param {string} area @param {number} depth */
function featureRoomRules(area, depth) {
  const up = `(\\.\\./){${depth + 1}}`;
  const other = `(?!${area}(/|$))[^./][^/]*(/|$)`;
  const regex = `^(${up}${other}|\\.\\./${up}features/${other})`;
  const message = `features/${area} may not import another feature: move the shared piece down into web/src/ui, web/src/api or @pharos/core, or offer a screen through web/src/ui/resource-extensions.tsx.`;
  return {
    files: [`web/src/features/${area}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
      'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`, message }],
    },
  };
}

const featureRooms = FEATURES.flatMap((area) => Array.from({ length: MAX_FEATURE_DEPTH }, (_, depth) => featureRoomRules(area, depth)));

/** ui/ and api/ are the floor the features stand on: they import no feature. */
const floor = {
  files: ['web/src/ui/**/*.{ts,tsx}', 'web/src/api/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ regex: '^(\\.\\./)+features(/|$)', message: 'web/src/ui and web/src/api are shared by every feature and import none: move what they need down too.' }] },
    ],
  },
};

export default defineConfig(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.pharos/**', 'web/dist/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
  },
  ...featureRooms,
  floor,
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'AbortSignal', property: 'timeout', message: 'Use timeoutSignal (server/src/modules/timeout-signal.ts): on Node 20 a garbage collection drops an AbortSignal.timeout held by AbortSignal.any, and its deadline never comes.' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
