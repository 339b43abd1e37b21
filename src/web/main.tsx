import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
// the DOM RouterProvider wires ReactDOM.flushSync, which navigate(..., { flushSync }) needs
import { RouterProvider } from 'react-router/dom'
import { Providers } from '#web/app/providers.tsx'
import { router } from '#web/app/router.tsx'
import '#web/styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)
