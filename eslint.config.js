// eslint over the web client (browser ES modules) and its node tests: eslint's recommended rules.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['web/vendor/', 'node_modules/', '.venv/'] },
  js.configs.recommended,
  // `const { dropped, ...kept } = x` is how the client leaves fields out of a copy.
  { rules: { 'no-unused-vars': ['error', { ignoreRestSiblings: true }] } },
  {
    files: ['web/js/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: { ...globals.browser },
    },
  },
  {
    files: ['tests/js/**/*.mjs', 'eslint.config.js'],
    languageOptions: { sourceType: 'module', globals: { ...globals.node } },
  },
];
