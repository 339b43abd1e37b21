import { z } from 'zod'

/**
 * A textarea holding one item per line, read as the list `schema` checks (the
 * shared schema the server parses too): lines trimmed, blank ones dropped.
 */
export function onePerLine<Item>(schema: z.ZodType<Item[], string[]>) {
  return z
    .string()
    .transform((text) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(schema)
}
