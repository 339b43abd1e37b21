// CSV for the admins' exports (RFC 4180): every field quoted, quotes doubled,
// CRLF between records. A field that starts like a formula (=, +, -, @, a tab or
// a carriage return) is prefixed with an apostrophe, so a spreadsheet shows what
// a member typed instead of running it (OWASP's CSV injection advice).

const formulaStart = /^[=+\-@\t\r]/

function field(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value)
  const safe = formulaStart.test(text) ? `'${text}` : text
  return `"${safe.replace(/"/g, '""')}"`
}

/** `rows` under a header of `columns`' labels, each column's value read by its `value`. */
export function toCsv<Row>(
  rows: readonly Row[],
  columns: readonly { label: string; value: (row: Row) => string | number | null | undefined }[],
): string {
  const lines = [columns.map((column) => field(column.label)).join(',')]
  for (const row of rows) lines.push(columns.map((column) => field(column.value(row))).join(','))
  return `${lines.join('\r\n')}\r\n`
}

/** A CSV download's response: saved under `fileName`, never kept by a shared cache. */
export function csvResponse(csv: string, fileName: string): Response {
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
