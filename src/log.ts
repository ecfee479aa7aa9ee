/** Times one pipeline stage and reports it through `log` (silent when undefined). */
export async function step<T>(label: string, log: ((line: string) => void) | undefined, fn: () => T | Promise<T>): Promise<T> {
  const t0 = performance.now()
  const result = await fn()
  log?.(`  ${label.padEnd(10)} ${Math.round(performance.now() - t0)} ms`)
  return result
}
