import { z } from 'zod'
import type { TestApp } from './harness.ts'

/** One endpoint of the app as Hono registered it, with the schemas its validators declare. */
export type RegisteredRoute = {
  method: string
  path: string
  key: string
  schemas: Partial<Record<'json' | 'form' | 'query' | 'param', z.ZodType>>
}

/** Every API endpoint the app registers (Hono's route list), middleware and catch-alls left out. */
export function registeredApiRoutes(app: TestApp['app']): RegisteredRoute[] {
  const routes = new Map<string, RegisteredRoute>()
  for (const { method, path, handler } of app.routes) {
    if (method === 'ALL' || !path.startsWith('/api/') || path.includes('*')) continue
    const key = `${method} ${path}`
    const route = routes.get(key) ?? { method, path, key, schemas: {} }
    const validates = (handler as { validates?: { target: keyof RegisteredRoute['schemas']; schema: z.ZodType } })
      .validates
    if (validates) route.schemas[validates.target] = validates.schema
    routes.set(key, route)
  }
  return [...routes.values()]
}

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  format?: string
  minLength?: number
  minimum?: number
  exclusiveMinimum?: number
  minItems?: number
  default?: unknown
}

const stringByFormat: Record<string, string> = {
  email: 'sample@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
  'date-time': '2026-01-01T00:00:00.000Z',
  date: '2026-01-01',
}

function sampleOfJsonSchema(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return schema.enum[0]
  if (schema.default !== undefined) return schema.default
  const choice = schema.anyOf ?? schema.oneOf
  if (choice?.length) return sampleOfJsonSchema(choice.find((option) => option.type !== 'null') ?? choice[0]!)
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((part) => sampleOfJsonSchema(part)))
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {}
      for (const [name, property] of Object.entries(schema.properties ?? {})) value[name] = sampleOfJsonSchema(property)
      return value
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sampleOfJsonSchema(schema.items ?? {}))
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(schema.minimum ?? schema.exclusiveMinimum ?? 1))
    case 'boolean':
      return true
    case 'null':
      return null
    case 'string':
      return (schema.format && stringByFormat[schema.format]) ?? 'Sample text'.padEnd(schema.minLength ?? 0, 'x')
    default:
      return 'Sample text'
  }
}

/** A value of the schema's input shape (not always valid: patterns and refinements are not read). */
export function sampleOf(schema: z.ZodType): unknown {
  return sampleOfJsonSchema(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
}

/** Every path to a string inside a sample value, to put a hostile string in each, one at a time. */
export function stringPaths(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === 'string') return [path]
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]))
  return []
}

/** A copy of `value` with the string at `path` replaced. */
export function withStringAt(value: unknown, path: Array<string | number>, replacement: string): unknown {
  if (path.length === 0) return replacement
  const [head, ...rest] = path
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>
  copy[head!] = withStringAt(copy[head!], rest, replacement)
  return copy
}
