// swagger2openapi ships no types; load.ts uses only convertObj.
declare module 'swagger2openapi' {
  export function convertObj(doc: unknown, options: object): Promise<{ openapi: Record<string, unknown> }>
}
