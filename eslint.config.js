// ESLint: the mistakes the compiler does not catch (typescript-eslint's recommended rules) and React's rules of
// hooks, over every source file, with no list of tolerated findings. Formatting is Prettier's, not ESLint's.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'release/', 'test-results/', '.electron-native/', 'build/fixtures/', 'renderer/public/', 'node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  // Scripts and configuration run by Node (the build, the boundaries lint's configuration).
  { files: ['**/*.{mjs,cjs,js}'], languageOptions: { globals: globals.node } },
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter's destructuring, so a fixture that
    // needs none is declared `async ({}, use) =>` (Playwright's documented form); an empty pattern is the point.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    rules: {
      // A name starting with an underscore is unused on purpose (a parameter a signature requires).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
