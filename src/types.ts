// The data model, one module per part; this re-exports them all, so a module may import any of
// them from here. A newcomer reads them in this order: config (config-types.ts) → sources and
// diagnostics (content-types.ts, diagnostic-types.ts) → parsed pages (docs/types.ts,
// blog/types.ts, pages/types.ts, api-types.ts) → sidebars (site/types.ts) and routes
// (route-types.ts) → page props, the theme's only input (view-types.ts) → output (build-types.ts).
// The modules themselves import each other directly, never this one: it imports all of them.

export type * from './config-types.js'
export type * from './config-extra-types.js'
export type * from './diagnostic-types.js'
export type * from './content-types.js'
export type * from './docs/types.js'
export type * from './api-types.js'
export type * from './blog/types.js'
export type * from './pages/types.js'
export type * from './site/types.js'
export type * from './route-types.js'
export type * from './view-types.js'
export type * from './build-types.js'
