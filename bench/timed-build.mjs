// One `docs-site build` under /usr/bin/time -v, which gives the child's peak RSS and CPU time: the
// measurement every bench script takes. Exits the bench with the build's output when it fails.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Builds the project at `dir` (`args` added to `build`); wall and CPU in seconds, peak RSS in MB. */
export function timedBuild(dir, args = ['--quiet']) {
  const t0 = performance.now()
  const r = spawnSync(
    '/usr/bin/time',
    ['-v', process.execPath, path.join(root, 'bin/docs-site.js'), 'build', '--root', dir, ...args],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  )
  const wall = (performance.now() - t0) / 1000
  if (r.status !== 0) {
    console.error(`build of ${dir} failed\n${r.stdout.slice(-4000)}\n${r.stderr.slice(-4000)}`)
    process.exit(1)
  }
  const num = (re, text = r.stderr) => Number(re.exec(text)?.[1] ?? NaN)
  return {
    wall,
    cpu: num(/User time \(seconds\): ([\d.]+)/) + num(/System time \(seconds\): ([\d.]+)/),
    rssMb: num(/Maximum resident set size \(kbytes\): (\d+)/) / 1024,
    pages: Number(/✔ (\d+) pages/.exec(r.stdout)?.[1] ?? 0),
    stdout: r.stdout,
  }
}
