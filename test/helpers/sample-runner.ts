import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFile, spawnSync } from 'node:child_process'

// Running a code sample (test/signing-samples.test.ts): write it to a temp folder, point it at the
// server through its environment variables.

interface Runner {
  /** Command line for the sample file written as `file`. */
  command: (file: string) => [string, string[]]
  file: (source: string) => string
  /** Why it cannot run here, or undefined. */
  missing: () => string | undefined
}

const has = (cmd: string, args: string[] = ['--version']) =>
  spawnSync(cmd, args, { stdio: 'ignore' }).status === 0

export const RUNNERS: Record<string, Runner> = {
  javascript: { file: () => 'sample.mjs', command: (f) => [process.execPath, [f]], missing: () => undefined },
  python: { file: () => 'sample.py', command: (f) => [python, [f]], missing: () => pythonProblem },
  shell: {
    file: () => 'sample.sh',
    command: (f) => ['bash', [f]],
    missing: () =>
      ['bash', 'openssl', 'curl'].every((c) => has(c, c === 'openssl' ? ['version'] : ['--version']))
        ? undefined
        : 'bash, openssl and curl are needed',
  },
  go: {
    file: () => 'main.go',
    command: (f) => ['go', ['run', f]],
    missing: () => (has('go', ['version']) ? undefined : 'go is not installed'),
  },
  java: {
    file: (source) => `${/public class (\w+)/.exec(source)?.[1] ?? 'Sample'}.java`,
    command: (f) => ['java', [f]],
    missing: () => (has('java', ['-version']) ? undefined : 'java (17+) is not installed'),
  },
  php: {
    file: () => 'sample.php',
    command: (f) => ['php', [f]],
    missing: () =>
      spawnSync('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);'], { stdio: 'ignore' }).status ===
      0
        ? undefined
        : 'php with the curl extension is not installed',
  },
}

/**
 * A python3 with requests: the one on PATH, else Debian's /usr/bin/python3 with python3-requests
 * (installed here when running as root; a pyenv python3 on PATH does not see Debian's packages).
 */
let python = 'python3'
function checkPython(): string | undefined {
  if (!has('python3')) return 'python3 is not installed: the Python samples cannot run.'
  const importable = (py: string) =>
    spawnSync(py, ['-c', 'import requests'], { stdio: 'ignore' }).status === 0
  if (importable('python3')) return undefined
  if (process.getuid?.() === 0) {
    console.log("python3 has no `requests`: installing Debian's python3-requests (apt-get)…")
    spawnSync(
      'sh',
      [
        '-c',
        'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-requests',
      ],
      { stdio: 'inherit' },
    )
    if (importable('python3')) return undefined
    if (importable('/usr/bin/python3')) {
      python = '/usr/bin/python3'
      return undefined
    }
    return 'python3 still cannot `import requests` after installing python3-requests (is `python3` a non-Debian Python, e.g. pyenv?): run `python3 -m pip install requests`.'
  }
  return 'python3 cannot `import requests`: run `sudo apt-get install -y python3-requests` (or `python3 -m pip install requests`), then run this test again.'
}
export const pythonProblem = checkPython()

const requested = (process.env.SIGNING_SAMPLES_LANGS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
export const RUN_LANGS = [
  'javascript',
  'python',
  ...(requested.includes('all')
    ? ['shell', 'go', 'java', 'php']
    : requested.filter((l) => l in RUNNERS && l !== 'javascript' && l !== 'python')),
]

/** The sample's environment: no proxies (only 127.0.0.1 is reached), no inherited N11S_* values. */
function sampleEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env))
    if (!/^(https?|all|no)_proxy$/i.test(k) && !k.startsWith('N11S_')) env[k] = v
  return { ...env, NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost', ...vars }
}

export function runSample(
  lang: string,
  source: string,
  vars: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const runner = RUNNERS[lang]!
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `n11s-sample-${lang}-`))
  const file = runner.file(source)
  fs.writeFileSync(path.join(dir, file), source)
  const [cmd, args] = runner.command(file)
  // Asynchronous on purpose: the server answering the sample runs in this process.
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { cwd: dir, env: sampleEnv(vars), timeout: 180_000, encoding: 'utf8' },
      (err, stdout, stderr) => {
        fs.rmSync(dir, { recursive: true, force: true })
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}
