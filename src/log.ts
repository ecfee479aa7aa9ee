/** Times one pipeline stage and reports it through `log` (silent when undefined). */
export async function step<T>(
  label: string,
  log: ((line: string) => void) | undefined,
  fn: () => T | Promise<T>,
): Promise<T> {
  const t0 = performance.now()
  const result = await fn()
  log?.(
    `  ${label.padEnd(10)} ${String(Math.round(performance.now() - t0)).padStart(5)} ms  ${Math.round(process.memoryUsage().rss / 1048576)} MB`,
  )
  return result
}
