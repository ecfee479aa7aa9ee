// swagger2openapi ships no types; load.ts uses only convertObj.
declare module 'swagger2openapi' {
  export function convertObj(doc: unknown, options: object): Promise<{ openapi: Record<string, unknown> }>
}

// randexp ships no types; examples.ts generates one string per pattern.
declare module 'randexp' {
  export default class RandExp {
    constructor(pattern: string | RegExp, flags?: string)
    max: number
    randInt: (from: number, to: number) => number
    gen(): string
  }
}
