import { layoffImportFieldLabels, layoffImportFields, requiredLayoffImportFields } from '#shared/layoffs/constants.ts'
import { columnRequired, columnUsedTwice, layoffImportMessages } from '#shared/layoffs/messages.ts'
import type { LayoffImportMappingInput } from '#shared/layoffs/schemas.ts'

/**
 * What the chosen mapping still lacks, in the server's words (it checks again on
 * import): each required field's column, the state's column or one state for the
 * file, and no column chosen twice.
 */
export function mappingProblems(
  mapping: LayoffImportMappingInput,
  header: readonly string[],
  stateForFile: string,
): string[] {
  const problems: string[] = []
  for (const field of requiredLayoffImportFields) {
    if (field === 'state') {
      if (mapping.state === null && !stateForFile) problems.push(layoffImportMessages.stateRequired)
    } else if (mapping[field] === null) problems.push(columnRequired(layoffImportFieldLabels[field]))
  }
  const byColumn = new Map<number, string[]>()
  for (const field of layoffImportFields) {
    const column = mapping[field]
    if (column === null) continue
    byColumn.set(column, [...(byColumn.get(column) ?? []), layoffImportFieldLabels[field]])
  }
  for (const [column, labels] of byColumn) {
    if (labels.length > 1) problems.push(columnUsedTwice(header[column] ?? `Column ${column + 1}`, labels))
  }
  return problems
}
