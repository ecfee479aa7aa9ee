// Public API for config files, tests and scripts.
export { defineConfig, loadConfig } from './config.js'
export { build } from './build.js'
export { DocsSiteError, formatDiagnostic } from './errors.js'
export type * from './types.js'
export { serve } from './serve/index.js'
export { checkLinks } from './links/crawl.js'
