import { Outlet } from '@tanstack/react-router'
import { CookieConsentBanner } from '../../features/cookie-consent/components/cookie-consent-banner'
import { AdminModeBanner } from './admin-mode-banner'

export function RootLayout() {
  return (
    <>
      <Outlet />
      <CookieConsentBanner />
      <AdminModeBanner />
    </>
  )
}
