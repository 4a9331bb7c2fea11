import { Outlet } from '@tanstack/react-router'
import { CookieConsentBanner } from '../../features/cookie-consent/components/cookie-consent-banner'

export function RootLayout() {
  return (
    <>
      <Outlet />
      <CookieConsentBanner />
    </>
  )
}
