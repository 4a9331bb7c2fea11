import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { useEffect } from 'react'
import { I18nextProvider, useTranslation } from 'react-i18next'
import { TOAST_AUTO_CLOSE_MS } from '../lib/api-client'
import { localeDirection } from '../lib/locale'
import { queryClient } from '../lib/query-client'
import { currentLocale, i18n } from '../i18n'
import { router } from './router'
import { cssVariablesResolver, theme } from './theme'

/** Arabic turns the whole layout right-to-left (docs/reference/readings.md 21): Mantine's direction follows the locale. */
function DirectionSync() {
  const { i18n: instance } = useTranslation()
  const { setDirection } = useDirection()
  useEffect(() => {
    setDirection(localeDirection(instance.language))
  }, [instance.language, setDirection])
  return null
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={localeDirection(currentLocale())} detectDirection={false}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <DirectionSync />
          <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  )
}
