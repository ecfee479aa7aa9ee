import Ajv2020Module from 'ajv/dist/2020.js'
import AjvModule from 'ajv'
import addFormatsModule from 'ajv-formats'

// ajv is CommonJS: its default export arrives wrapped under NodeNext resolution.
type AjvClass = typeof AjvModule.default
export const Ajv = ((AjvModule as unknown as { default?: AjvClass }).default ?? AjvModule) as AjvClass
export const Ajv2020 = ((Ajv2020Module as unknown as { default?: AjvClass }).default ??
  Ajv2020Module) as AjvClass
export const addFormats = ((addFormatsModule as unknown as { default?: (a: InstanceType<AjvClass>) => void })
  .default ?? addFormatsModule) as unknown as (a: InstanceType<AjvClass>) => void
