// ESLint flat config: @eslint/js recommended + typescript-eslint recommended, syntax-only (no
// type-aware rules; `npm run lint` runs `tsc --noEmit` for the types). No stylistic rules:
// Prettier owns style (eslint-config-prettier turns off the rules that would fight it).
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import tseslint from 'typescript-eslint'
import prettier from 'eslint-config-prettier'

// The `globals` package is not a dependency, so: Node's globals are those of the Node running
// ESLint (ES modules, so no require/module/__dirname), and the browser's a list of what client
// code uses. Both matter only in JavaScript files: typescript-eslint turns no-undef off in
// TypeScript, where tsc reports unknown names.
const readonly = (names) => Object.fromEntries(names.map((name) => [name, 'readonly']))
const nodeGlobals = readonly(Object.getOwnPropertyNames(globalThis))
const browserGlobals = readonly([
  'window',
  'self',
  'globalThis',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'console',
  'fetch',
  'Request',
  'Response',
  'Headers',
  'URL',
  'URLSearchParams',
  'AbortController',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'queueMicrotask',
  'structuredClone',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'matchMedia',
  'getComputedStyle',
  'scrollTo',
  'scrollX',
  'scrollY',
  'innerWidth',
  'innerHeight',
  'performance',
  'crypto',
  'Event',
  'CustomEvent',
  'KeyboardEvent',
  'MouseEvent',
  'PointerEvent',
  'FocusEvent',
  'EventTarget',
  'Node',
  'Element',
  'HTMLElement',
  'HTMLAnchorElement',
  'HTMLButtonElement',
  'HTMLInputElement',
  'HTMLDialogElement',
  'HTMLDetailsElement',
  'DocumentFragment',
  'DOMParser',
  'MutationObserver',
  'IntersectionObserver',
  'ResizeObserver',
  'WebSocket',
  'EventSource',
  'TextEncoder',
  'TextDecoder',
  'Blob',
])

export default defineConfig([
  // Generated output: site builds and their staging folders, the CLI's compiled copy (dist/),
  // compiled config files, test copies of fixtures.
  globalIgnores([
    '**/node_modules/',
    'dist/',
    'coverage/',
    '**/build/',
    '**/build.tmp-*/',
    '**/build.old-*/',
    '**/.docs-site*',
    'test/.tmp/',
    'test/fixtures/**/build/',
  ]),
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // tsconfig's verbatimModuleSyntax already makes tsc demand `import type` where only types are used.
      '@typescript-eslint/consistent-type-imports': [
        'warn',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports' },
      ],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    ignores: ['theme/**'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    // Client code (islands, client entry, dev client); components are also rendered on the server.
    files: ['theme/**/*.{js,mjs,ts,tsx}'],
    languageOptions: { globals: browserGlobals },
  },
  {
    // No function over 80 lines of code (blank lines and comments not counted): a longer one does
    // several things, each of which reads better under a name of its own.
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  prettier,
  {
    // Rejecting control characters in request paths is this module's job.
    files: ['src/http/security.ts'],
    rules: { 'no-control-regex': 'off' },
  },
])
