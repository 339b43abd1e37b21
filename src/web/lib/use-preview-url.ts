import { useEffect, useState } from 'react'

/** A local URL showing `file` before it is uploaded, released when the file changes or the component goes. */
export function usePreviewUrl(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!file) return setUrl(undefined)
    const objectUrl = URL.createObjectURL(file)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [file])
  return url
}
