import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'

const typingPauseMs = 300

/**
 * A search box whose text reaches the URL parameter `name` once typing pauses, so a
 * search can be shared and reloaded. The URL stays the truth: going back, a shared
 * link or a reset elsewhere puts its value in the box.
 */
export function useUrlTextParam(name: string): [draft: string, setDraft: (text: string) => void] {
  const [params, setParams] = useSearchParams()
  const inUrl = params.get(name) ?? ''
  const [draft, setDraft] = useState(inUrl)
  const written = useRef(inUrl)

  useEffect(() => {
    // a change that did not come from this box
    if (inUrl !== written.current) {
      written.current = inUrl
      setDraft(inUrl)
    }
  }, [inUrl])

  useEffect(() => {
    if (draft.trim() === inUrl.trim()) return
    const timer = setTimeout(() => {
      written.current = draft.trim()
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous)
          if (draft.trim()) next.set(name, draft.trim())
          else next.delete(name)
          return next
        },
        { replace: true },
      )
    }, typingPauseMs)
    return () => clearTimeout(timer)
  }, [draft, inUrl, name, setParams])

  return [draft, setDraft]
}
