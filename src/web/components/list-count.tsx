/** How many of a paged list are shown, announced: 'Showing 20 of 43' until every page is in, then '43 jobs'. */
export function ListCount({ shown, total, noun }: { shown: number; total: number; noun: [one: string, many: string] }) {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {total > shown ? `Showing ${shown} of ${total}` : total === 1 ? `1 ${noun[0]}` : `${total} ${noun[1]}`}
    </p>
  )
}
