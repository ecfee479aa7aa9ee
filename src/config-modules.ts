// What a config file's values may be that plain data is not: the module namespaces its
// `require()` of an ES module gives (Node 20 allows it), which the config holds as it is frozen.

/** The config, frozen: nothing later changes it by mistake. */
export function deepFreeze<T>(value: T): T {
  // A module's namespace (a config's `require()` of an ES module) cannot be frozen, and its
  // bindings are not the config's to change anyway.
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !isModuleNamespace(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

const isModuleNamespace = (v: object) => Object.prototype.toString.call(v) === '[object Module]'

/**
 * A markdown plugin list as the MDX compiler takes it: a plugin `require()`d from an ES module
 * (`require('remark-math')` in a CommonJS config, as Node 20 allows) is its namespace, whose
 * default export is the plugin, as Docusaurus's config loader unwraps it.
 */
export function pluginList(list: readonly unknown[] | undefined): unknown[] {
  const plugin = (p: unknown) =>
    p && typeof p === 'object' && isModuleNamespace(p) && 'default' in p
      ? (p as { default: unknown }).default
      : p
  return (list ?? []).map((entry) =>
    Array.isArray(entry) ? [plugin(entry[0]), ...entry.slice(1)] : plugin(entry),
  )
}
