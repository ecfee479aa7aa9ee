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
  /** A named schema shown by a link to its own rendering (a cycle, or a page past its size budget). */
  readonly ref?: string
  /** Slug of that schema's page: `<api>/schemas/<refSlug>/`. */
  readonly refSlug?: string
  /** Fields left out because the page reached its size budget (an unnamed schema). */
  readonly truncated?: boolean
  /** `const` (shown as the single possible value). */
  readonly isConst?: boolean
  /** `additionalProperties: false`. */
  readonly closed?: boolean
  readonly patternProperties?: ReadonlyArray<{ readonly name: string; readonly node: SchemaNode }>
  /** Tuple members (`prefixItems`, or `items` as a list in older drafts). */
  readonly prefixItems?: readonly SchemaNode[]
}

export interface ApiServer {
  readonly url: string
  readonly description: string | undefined
  readonly variables: ReadonlyArray<{
    readonly name: string
    readonly default: string
    readonly description: string | undefined
    readonly enum?: readonly string[]
  }>
}

export interface ApiSecurityScheme {
  readonly key: string
  readonly type: string
  readonly in: string | undefined
  readonly name: string | undefined
  readonly scheme: string | undefined
  readonly bearerFormat: string | undefined
  readonly descriptionHtml: string
  /** OAuth2: each flow with its URLs and scopes. */
  readonly flows: ReadonlyArray<{
    readonly type: string
    readonly authorizationUrl?: string
    readonly tokenUrl?: string
    readonly refreshUrl?: string
    readonly scopes: ReadonlyArray<{ readonly name: string; readonly description: string }>
  }>
  readonly openIdConnectUrl: string | undefined
  /**
   * `x-hmac-signature: { hash, encoding }` on an apiKey scheme: its value is an HMAC of the raw
   * body (or of the query string without a body) that the explorer computes from a secret.
   */
  readonly hmac?: { readonly hash: 'SHA-256' | 'SHA-1' | 'SHA-512'; readonly encoding: 'hex' | 'base64' }
}

/** One security requirement: a scheme and the scopes the operation needs from it. */
export interface ApiSecurityRequirement {
  readonly key: string
  readonly scopes: readonly string[]
}

export interface ApiExample {
  readonly name: string
  readonly summary: string | undefined
  /** Pretty JSON (or the raw text for non-JSON media). */
  readonly text: string
  /** `text` highlighted at build time. */
  readonly html: string
  readonly generated: boolean
  /** An example kept outside the spec (`externalValue`): shown as a link, never fetched. */
  readonly externalValue?: string
  /** Its `description`, rendered ('' when none). */
  readonly descriptionHtml?: string
}

export interface ApiMedia {
  readonly mediaType: string
  readonly schema: SchemaNode
  readonly examples: readonly ApiExample[]
}

export interface ApiParameter {
  readonly name: string
  readonly in: 'path' | 'query' | 'header' | 'cookie'
  /** Serialisation: 'simple', 'form', 'label', 'matrix', 'spaceDelimited', 'pipeDelimited', 'deepObject'. */
  readonly style: string
  readonly explode: boolean
  readonly required: boolean
  readonly deprecated: boolean
  readonly descriptionHtml: string
  readonly schema: SchemaNode
  readonly example: unknown
  /** The example came from the spec (not generated): samples include the parameter even if optional. */
  readonly hasExample: boolean
  /** Its named examples, when it has more than one (`example` is the first). */
  readonly examples?: ReadonlyArray<{
    readonly name: string
    readonly summary?: string
    readonly value: unknown
  }>
}

export interface CodeSample {
  /** 'curl', 'go', 'nodejs', 'java', 'python', 'csharp', 'php'. */
  readonly id: string
  readonly label: string
  readonly code: string
  /** Highlighted at build time. */
  readonly html: string
  /** Written by the spec's authors (`x-codeSamples`), not generated. */
  readonly custom?: boolean
}

export interface ApiRequestBody {
  readonly required: boolean
  readonly descriptionHtml: string
  readonly content: readonly ApiMedia[]
}

export interface ApiResponse {
  readonly status: string
  readonly descriptionHtml: string
  readonly headers: ReadonlyArray<{
    readonly name: string
    readonly descriptionHtml: string
    readonly schema: SchemaNode
  }>
  readonly content: readonly ApiMedia[]
  /** What a caller can do next with the values of this response (OpenAPI `links`). */
  readonly links: readonly ApiLink[]
}

/** A response's link: the operation it leads to and which of its values fill that one's parameters. */
export interface ApiLink {
  readonly name: string
  /** The target, by `operationId` or by `operationRef` (a JSON pointer into the spec, or a URL). */
  readonly operationId?: string
  readonly operationRef?: string
  /** Parameter name → runtime expression or value, as written ('$response.body#/id'). */
  readonly parameters: ReadonlyArray<{ readonly name: string; readonly value: string }>
  readonly requestBody?: string
  readonly descriptionHtml: string
}

/** A request the API sends back to a URL the caller gave (OpenAPI `callbacks`). */
export interface ApiCallback {
  readonly name: string
  /** Runtime expression of the URL: '{$request.body#/callbackUrl}'. */
  readonly expression: string
  readonly method: HttpMethod
  readonly summary: string | undefined
  readonly descriptionHtml: string
  readonly requestBody: ApiRequestBody | undefined
  readonly responses: readonly ApiResponse[]
}

export interface ApiOperation {
  /** 'webhook': sent by the API to a URL registered out of band (OpenAPI 3.1 `webhooks`); `path` is its name. */
  readonly kind: 'operation' | 'webhook'
  readonly operationId: string
  /** Page slug: the operationId in kebab case. */
  readonly slug: string
  readonly method: HttpMethod
  readonly path: string
  /** The first of `tags`: where its page sits (breadcrumb, pager). */
  readonly tag: string
  /** Every tag it is listed under ('default' or 'Webhooks' when it has none). */
  readonly tags: readonly string[]
  readonly summary: string
  readonly descriptionHtml: string
  readonly deprecated: boolean
  readonly servers: readonly ApiServer[]
  /** Alternatives; each is a set of schemes (with scopes) that apply together. */
  readonly security: ReadonlyArray<readonly ApiSecurityRequirement[]>
  readonly parameters: readonly ApiParameter[]
  readonly requestBody: ApiRequestBody | undefined
  readonly responses: readonly ApiResponse[]
  readonly callbacks: readonly ApiCallback[]
  /** The spec's own samples (`x-codeSamples`) first, then the generated ones. */
  readonly samples: readonly CodeSample[]
}

/** A named schema with a page of its own, where links from bounded or recursive trees lead. */
export interface ApiSchema {
  readonly name: string
  readonly slug: string
  readonly node: SchemaNode
}

export interface ApiTag {
  readonly name: string
  readonly slug: string
  /** `x-displayName`: the label shown instead of the name. */
  readonly displayName?: string
  readonly descriptionHtml: string
  readonly operationIds: readonly string[]
}

export interface ApiSpec {
  /** Source file relative to the project root: 'swagger/v2.yaml'. */
  readonly file: string
  /** The document's own version: '3.1.0', or '2.0' for a Swagger 2.0 document (converted to 3.0). */
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
  /** Schemas that some page links to instead of inlining them. */
  readonly schemas: readonly ApiSchema[]
  /** `x-tagGroups`: sidebar groups of tags. */
  readonly tagGroups: ReadonlyArray<{ readonly name: string; readonly tags: readonly string[] }>
  /** No server in the spec: samples use this placeholder origin and the explorer asks for one. */
  readonly placeholderServer: boolean
  readonly contact: { readonly name?: string; readonly email?: string; readonly url?: string } | undefined
  readonly license: { readonly name: string; readonly url?: string } | undefined
}

/** What changed between two versions of a spec. */
export interface ApiChanges {
  readonly from: string
  readonly to: string
  readonly added: ReadonlyArray<{
    readonly operationId: string
    readonly slug: string
    readonly method: HttpMethod
    readonly path: string
    readonly summary: string
  }>
  readonly removed: ReadonlyArray<{
    readonly operationId: string
    readonly method: HttpMethod
    readonly path: string
    readonly summary: string
  }>
  readonly changed: ReadonlyArray<{
    readonly operationId: string
    readonly slug: string
    readonly method: HttpMethod
    readonly path: string
    readonly changes: readonly ApiChange[]
  }>
}

/** One line of the changes page; `field` is the anchor of the field it names, on one side's page. */
export interface ApiChange {
  readonly text: string
  readonly field?: { readonly anchor: string; readonly on: 'before' | 'after' }
}
