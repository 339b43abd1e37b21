import type { ReactNode } from 'react'
import { PageTitle } from '#web/components/page-title.tsx'

/**
 * A page that is only a notice (a job or course gone, or not loaded): the notice is
 * the page's heading and its document title; the children say more and offer a way on.
 */
export function PageNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
      <PageTitle>{title}</PageTitle>
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  )
}
