// The YAML writer: block style, written to the file (or kept for stdout) in ~1 MB pieces as the
// document is generated, so the document is never held in memory as a tree (this keeps the garbage
// collector out of the way for large N).

import fs from 'node:fs'

// Block style; every string is a JSON string (a valid YAML double-quoted scalar), so no value can
// be misread (no "yes", "1e3", ": " or "#" surprises). Plain keys when they are safe identifiers.
const SAFE_KEY = /^[A-Za-z_$][A-Za-z0-9_$.-]*$/
const RESERVED = new Set([
  'null',
  'true',
  'false',
  'y',
  'n',
  'yes',
  'no',
  'on',
  'off',
  'Y',
  'N',
  'Yes',
  'No',
  'True',
  'False',
  'Null',
  'NULL',
  'TRUE',
  'FALSE',
  'YES',
  'NO',
  'On',
  'Off',
  'ON',
  'OFF',
])
const keyCache = new Map()
const key = (k) => {
  let q = keyCache.get(k)
  if (q === undefined) keyCache.set(k, (q = SAFE_KEY.test(k) && !RESERVED.has(k) ? k : JSON.stringify(k)))
  return q
}
const scalar = (v) => (typeof v === 'string' ? JSON.stringify(v) : v === null ? 'null' : String(v))
const isScalar = (v) => v === null || typeof v !== 'object'
const PADS = []
const padOf = (n) => PADS[n] ?? (PADS[n] = ' '.repeat(n))
const flow = (arr) => {
  let s = '['
  for (let i = 0; i < arr.length; i++) s += (i ? ', ' : '') + scalar(arr[i])
  return s + ']'
}

/** Writes to `file`, or with none, to stdout at `close`. */
export class YamlWriter {
  constructor(file) {
    this.file = file
    this.fd = file ? fs.openSync(file, 'w') : null
    this.stdoutChunks = []
    /** Text not written yet. */
    this.out = ''
    /** Characters written so far. */
    this.written = 0
  }

  /** Text as it is: a comment, or the line that introduces a block. */
  write(text) {
    this.out += text
  }

  /** Writes what has piled up once it reaches ~1 MB, or with `force`, whatever there is. */
  drain(force) {
    if (!force && this.out.length < 1 << 20) return
    this.written += this.out.length
    if (this.fd !== null) fs.writeSync(this.fd, this.out)
    else this.stdoutChunks.push(this.out)
    this.out = ''
  }

  /** Closes the file, or writes the document to stdout. */
  close() {
    if (this.fd !== null) fs.closeSync(this.fd)
    else process.stdout.write(this.stdoutChunks.join(''))
  }

  emit(v, indent) {
    // v is a non-empty object or array; the caller has written the line that introduces it.
    const pad = padOf(indent)
    if (Array.isArray(v)) {
      for (const x of v) {
        if (isScalar(x)) this.out += `${pad}- ${scalar(x)}\n`
        else if (Array.isArray(x)) {
          if (x.length === 0) this.out += `${pad}- []\n`
          else if (x.every(isScalar)) this.out += `${pad}- ${flow(x)}\n`
          else {
            this.out += `${pad}-\n`
            this.emit(x, indent + 2)
          }
        } else {
          // first key on the dash line, the others aligned under it
          let first = true
          for (const k in x) {
            this.entry(first ? `${pad}- ` : `${pad}  `, k, x[k], indent + 2)
            first = false
          }
          if (first) this.out += `${pad}- {}\n`
        }
      }
      return
    }
    for (const k in v) this.entry(pad, k, v[k], indent)
  }

  entry(lead, k, val, indent) {
    if (isScalar(val)) this.out += `${lead}${key(k)}: ${scalar(val)}\n`
    else if (Array.isArray(val)) {
      if (val.length === 0) this.out += `${lead}${key(k)}: []\n`
      else if (val.every(isScalar)) this.out += `${lead}${key(k)}: ${flow(val)}\n`
      else {
        this.out += `${lead}${key(k)}:\n`
        this.emit(val, indent + 2)
      }
    } else {
      let empty = true
      for (const _ in val) {
        empty = false
        break
      }
      if (empty) this.out += `${lead}${key(k)}: {}\n`
      else {
        this.out += `${lead}${key(k)}:\n`
        this.emit(val, indent + 2)
      }
    }
  }
}
