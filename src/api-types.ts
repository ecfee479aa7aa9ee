// The API reference model: what src/openapi/ makes of a spec, serialisable and ready to render.
// The raw OpenAPI document never reaches theme/.

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace'

/** A dereferenced JSON Schema, cut at cycles, with its constraints as display strings. */
export interface SchemaNode {
  readonly type: string
  readonly format?: string
  readonly title?: string
  readonly descriptionHtml?: string
  readonly required?: readonly string[]
  readonly enum?: readonly unknown[]
  readonly default?: unknown
  readonly example?: unknown
  readonly nullable?: boolean
  readonly readOnly?: boolean
  readonly writeOnly?: boolean
  readonly deprecated?: boolean
  /** 'min 1', 'max 64 chars', 'pattern ^tx_' … */
  readonly constraints?: readonly string[]
  readonly properties?: ReadonlyArray<{ readonly name: string; readonly node: SchemaNode }>
  readonly additionalProperties?: SchemaNode
  readonly items?: SchemaNode
  readonly oneOf?: ReadonlyArray<{ readonly label: string; readonly node: SchemaNode }>
  readonly anyOf?: ReadonlyArray<{ readonly label: string; readonly node: SchemaNode }>
  readonly discriminator?: string
  /** Name of the schema whose recursion was cut here. */
  readonly circular?: string
}

export interface ApiServer {
  readonly url: string
  readonly description: string | undefined
  readonly variables: ReadonlyArray<{ readonly name: string; readonly default: string; readonly description: string | undefined; readonly enum?: readonly string[] }>
}

export interface ApiSecurityScheme {
  readonly key: string
  readonly type: string
  readonly in: string | undefined
  readonly name: string | undefined
  readonly scheme: string | undefined
  readonly bearerFormat: string | undefined
  readonly descriptionHtml: string
}

export interface ApiExample {
  readonly name: string
  readonly summary: string | undefined
  /** Pretty JSON (or the raw text for non-JSON media). */
  readonly text: string
  /** `text` highlighted at build time. */
  readonly html: string
  readonly generated: boolean
}

export interface ApiMedia {
  readonly mediaType: string
  readonly schema: SchemaNode
  readonly examples: readonly ApiExample[]
}

export interface ApiParameter {
  readonly name: string
  readonly in: 'path' | 'query' | 'header' | 'cookie'
  readonly required: boolean
  readonly deprecated: boolean
  readonly descriptionHtml: string
  readonly schema: SchemaNode
  readonly example: unknown
}

export interface CodeSample {
  /** 'curl', 'go', 'nodejs', 'java', 'python', 'csharp', 'php'. */
  readonly id: string
  readonly label: string
  readonly code: string
  /** Highlighted at build time. */
  readonly html: string
}

export interface ApiOperation {
  readonly operationId: string
  /** Page slug: the operationId in kebab case. */
  readonly slug: string
  readonly method: HttpMethod
  readonly path: string
  readonly tag: string
  readonly summary: string
  readonly descriptionHtml: string
  readonly deprecated: boolean
  readonly servers: readonly ApiServer[]
  /** Alternatives; each is a set of scheme keys that apply together. */
  readonly security: ReadonlyArray<readonly string[]>
  readonly parameters: readonly ApiParameter[]
  readonly requestBody: { readonly required: boolean; readonly descriptionHtml: string; readonly content: readonly ApiMedia[] } | undefined
  readonly responses: ReadonlyArray<{
    readonly status: string
    readonly descriptionHtml: string
    readonly headers: ReadonlyArray<{ readonly name: string; readonly descriptionHtml: string; readonly schema: SchemaNode }>
    readonly content: readonly ApiMedia[]
  }>
  readonly samples: readonly CodeSample[]
}

export interface ApiTag {
  readonly name: string
  readonly slug: string
  readonly descriptionHtml: string
  readonly operationIds: readonly string[]
}

export interface ApiSpec {
  /** Source file relative to the project root: 'swagger/v2.yaml'. */
  readonly file: string
  readonly openapi: string
  readonly title: string
  readonly version: string
  readonly summary: string | undefined
  readonly descriptionHtml: string
  /** Slug of the info page, from the title: 'n-11-s-integration-api'. */
  readonly infoSlug: string
  readonly servers: readonly ApiServer[]
  readonly securitySchemes: readonly ApiSecurityScheme[]
  readonly tags: readonly ApiTag[]
  readonly operations: readonly ApiOperation[]
  readonly contact: { readonly name?: string; readonly email?: string; readonly url?: string } | undefined
  readonly license: { readonly name: string; readonly url?: string } | undefined
}

/** What changed between two versions of a spec. */
export interface ApiChanges {
  readonly from: string
  readonly to: string
  readonly added: ReadonlyArray<{ readonly operationId: string; readonly slug: string; readonly method: HttpMethod; readonly path: string; readonly summary: string }>
  readonly removed: ReadonlyArray<{ readonly operationId: string; readonly method: HttpMethod; readonly path: string; readonly summary: string }>
  readonly changed: ReadonlyArray<{ readonly operationId: string; readonly slug: string; readonly method: HttpMethod; readonly path: string; readonly changes: readonly string[] }>
}
