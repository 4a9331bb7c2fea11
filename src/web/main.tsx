// First: zod must be jitless before any schema is built (./lib/zod-config.ts).
import './lib/zod-config'
import '@fontsource/montserrat/400.css'
import '@fontsource/montserrat/500.css'
import '@fontsource/montserrat/600.css'
import '@fontsource/montserrat/700.css'
import './app/public-styles'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { exposeTestHook } from './app/debug'
import { api } from './lib/api'
import { localeReady } from './i18n'

exposeTestHook(api)

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')
// a German visitor's texts first, so the first paint is not English
void localeReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
