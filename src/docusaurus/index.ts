import type { Diagnostic, UserConfig } from '../types.js'
import { loadDocusaurusConfig } from './load.js'
import { mapDocusaurusConfig } from './map.js'

export { findDocusaurusConfig } from './load.js'

/** A Docusaurus project's config, read and mapped onto docs-site's. */
export async function loadDocusaurusProject(
  root: string,
  file: string,
): Promise<{ user: UserConfig; configDeps: string[]; diagnostics: Diagnostic[] }> {
  const loaded = await loadDocusaurusConfig(file)
  const mapped = await mapDocusaurusConfig(root, loaded.config, file)
  return { user: mapped.user, configDeps: [...loaded.deps, ...mapped.deps], diagnostics: mapped.diagnostics }
}
