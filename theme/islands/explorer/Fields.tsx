// The explorer's form sections. Every control has a visible label; nothing needs a mouse.
import type { ExplorerProps } from '../../../src/types.js'
import type { ExplorerLabels } from './labels.js'
import { serverUrl } from '../../../shared/serialise.js'
import { bodyKind, paramKey, type ExplorerValues } from './request.js'

type Update = (change: Partial<ExplorerValues>) => void
interface SectionProps {
  readonly props: ExplorerProps
  readonly labels: ExplorerLabels
  readonly values: ExplorerValues
  readonly update: Update
  readonly id: string
}

const Hint = ({ children }: { children: React.ReactNode }) => (
  <span className="muted explorer-hint"> ({children})</span>
)

/** Server: a list of the spec's servers (variables at their defaults), editable; or a base URL to type. */
export function ServerField({
  props,
  labels,
  values,
  update,
  id,
  invalid,
}: SectionProps & { invalid: boolean }) {
  const urls = props.servers.map((s) => ({ url: serverUrl(s), description: s.description }))
  const known = urls.some((u) => u.url === values.server)
  return (
    <div className="explorer-row">
      {urls.length > 1 && (
        <label>
          {labels.server}
          <select value={values.server} onChange={(e) => update({ server: e.target.value })}>
            {!known && <option value={values.server}>{values.server}</option>}
            {urls.map((u) => (
              <option key={u.url} value={u.url}>
                {u.description ? `${u.url} (${u.description})` : u.url}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {props.askServer || urls.length > 1 ? labels.baseUrl : labels.server}
        {props.askServer && <Hint>{labels.required}</Hint>}
        <input
          type="url"
          inputMode="url"
          list={urls.length ? `${id}-servers` : undefined}
          value={values.server}
          onChange={(e) => update({ server: e.target.value })}
          required={props.askServer}
          aria-invalid={invalid && values.server !== '' ? true : undefined}
          aria-describedby={props.askServer ? `${id}-server-hint` : undefined}
          placeholder={props.askServer ? 'https://' : undefined}
          spellCheck={false}
          autoComplete="url"
        />
      </label>
      {urls.length > 0 && (
        <datalist id={`${id}-servers`}>
          {urls.map((u) => (
            <option key={u.url} value={u.url}>
              {u.description}
            </option>
          ))}
        </datalist>
      )}
      {props.askServer && (
        <p id={`${id}-server-hint`} className="muted explorer-hint">
          {labels.baseUrlHint}
        </p>
      )}
    </div>
  )
}

/** Credentials by kind: a token, username and password, an API key, an HMAC secret, a raw Authorization value. */
export function Credentials({ props, labels, values, update }: SectionProps) {
  if (props.auth.length === 0) return null
  const set = (key: string, value: string) => update({ auth: { ...values.auth, [key]: value } })
  const secret = (key: string, text: string, hint: string) => (
    <label key={key}>
      {text}
      <Hint>{hint}</Hint>
      <input
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={values.auth[key] ?? ''}
        onChange={(e) => set(key, e.target.value)}
      />
    </label>
  )
  return (
    <fieldset className="explorer-credentials">
      <legend>{labels.credentials}</legend>
      {props.auth.map((a) => {
        if (a.kind === 'basic')
          return (
            <div key={a.key} className="explorer-pair">
              <label>
                {labels.username}
                <Hint>{a.key}</Hint>
                <input
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  value={values.auth[`${a.key}:username`] ?? ''}
                  onChange={(e) => set(`${a.key}:username`, e.target.value)}
                />
              </label>
              {secret(`${a.key}:password`, labels.password, a.key)}
            </div>
          )
        if (a.kind === 'bearer') return secret(a.key, labels.token, `${a.key}, Authorization: Bearer`)
        if (a.kind === 'hmac')
          return secret(
            a.key,
            labels.secret,
            `${a.key}, ${a.in} ${a.name}: HMAC-${a.hmac?.hash ?? 'SHA-256'}`,
          )
        if (a.kind === 'other')
          return secret(a.key, 'Authorization', a.scheme ? `${a.key}, ${a.scheme}` : a.key)
        return secret(a.key, a.name, `${a.key}, ${a.in}`)
      })}
    </fieldset>
  )
}

/** Parameters: only what is filled is sent; arrays as JSON or a, b; objects as JSON. */
export function Parameters({ props, labels, values, update }: SectionProps) {
  if (props.parameters.length === 0) return null
  return (
    <fieldset className="explorer-parameters">
      <legend>{labels.parameters}</legend>
      {props.parameters.map((p) => {
        const k = paramKey(p)
        const shape =
          p.shape === 'array' ? ', array: ["a","b"] / a,b' : p.shape === 'object' ? ', object: {"k":"v"}' : ''
        return (
          <label key={k}>
            <code>{p.name}</code>
            <Hint>
              {p.in}
              {shape}
              {p.required ? `, ${labels.required}` : ''}
            </Hint>
            <input
              value={values.params[k] ?? ''}
              placeholder={p.prefill ? undefined : p.example || undefined}
              onChange={(e) => update({ params: { ...values.params, [k]: e.target.value } })}
              required={p.required}
              spellCheck={false}
              autoComplete="off"
            />
          </label>
        )
      })}
    </fieldset>
  )
}

/** The media types a body may be sent as, when there are several. */
function MediaTypeChoice(props: {
  labels: SectionProps['labels']
  bodies: SectionProps['props']['bodies']
  value: string
  onChoose: (mediaType: string) => void
}) {
  return (
    <label>
      {props.labels.mediaType}
      <select value={props.value} onChange={(e) => props.onChoose(e.target.value)}>
        {props.bodies.map((b) => (
          <option key={b.mediaType} value={b.mediaType}>
            {b.mediaType}
          </option>
        ))}
      </select>
    </label>
  )
}

/** The body: a media type to choose, then a text, form fields (with files for multipart) or a file. */
export function Body({ props, labels, values, update }: SectionProps) {
  const media = props.bodies.find((b) => b.mediaType === values.mediaType) ?? props.bodies[0]
  if (!media || ['get', 'head'].includes(props.method)) return null
  const kind = bodyKind(media.mediaType)
  const choose = (mediaType: string) => {
    const next = props.bodies.find((b) => b.mediaType === mediaType)
    if (next)
      update({
        mediaType,
        body: next.example,
        fields: Object.fromEntries(next.fields.filter((f) => !f.file).map((f) => [f.name, f.example])),
      })
  }
  const file = (name: string, text: React.ReactNode) => (
    <label key={name}>
      {text}
      <input
        type="file"
        onChange={(e) => update({ files: { ...values.files, [name]: e.target.files?.[0] } })}
      />
    </label>
  )
  return (
    <fieldset className="explorer-body">
      <legend>{labels.body}</legend>
      {props.bodies.length > 1 && (
        <MediaTypeChoice labels={labels} bodies={props.bodies} value={media.mediaType} onChoose={choose} />
      )}
      {kind === 'text' && (
        <label>
          {labels.body}
          <Hint>{media.mediaType}</Hint>
          <textarea
            rows={Math.min(16, values.body.split('\n').length + 1)}
            value={values.body}
            onChange={(e) => update({ body: e.target.value })}
            spellCheck={false}
          />
        </label>
      )}
      {kind === 'binary' &&
        file(
          '',
          <>
            {labels.file}
            <Hint>{media.mediaType}</Hint>
          </>,
        )}
      {(kind === 'urlencoded' || kind === 'multipart') &&
        media.fields.map((f) =>
          f.file && kind === 'multipart' ? (
            file(
              f.name,
              <>
                <code>{f.name}</code>
                <Hint>
                  {labels.file}
                  {f.required ? `, ${labels.required}` : ''}
                </Hint>
              </>,
            )
          ) : (
            <label key={f.name}>
              <code>{f.name}</code>
              {f.required && <Hint>{labels.required}</Hint>}
              <input
                value={values.fields[f.name] ?? ''}
                onChange={(e) => update({ fields: { ...values.fields, [f.name]: e.target.value } })}
                required={f.required}
                spellCheck={false}
                autoComplete="off"
              />
            </label>
          ),
        )}
    </fieldset>
  )
}
