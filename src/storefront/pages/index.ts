import type { ComponentType } from 'react'
import type { PageName, PageProps } from '../props'
import ShopPage from './shop-page'
import ProductPage from './product-page'
import PasswordPage from './password-page'
import SuccessPage from './success-page'
import SandboxPage from './sandbox-page'
import DocumentPage from './document-page'
import SignInPage from './sign-in-page'
import MessagePage from './message-page'
import CertificatePage from './certificate-page'
import AffiliateLandingPage from './affiliate-landing-page'
import EmbedPage from './embed-page'
import SharePage from './share-page'
import LivePage from './live-page'
import FunnelPage from './funnel-page'
import BuiltPageView from './built-page'

/** Every page by name, for the server entry (the browser loads only the page it shows: entry-client.tsx). */
export const pages: { [P in PageName]: ComponentType<PageProps[P]> } = {
  shop: ShopPage,
  product: ProductPage,
  password: PasswordPage,
  success: SuccessPage,
  sandbox: SandboxPage,
  document: DocumentPage,
  'sign-in': SignInPage,
  message: MessagePage,
  certificate: CertificatePage,
  'affiliate-landing': AffiliateLandingPage,
  embed: EmbedPage,
  share: SharePage,
  live: LivePage,
  funnel: FunnelPage,
  built: BuiltPageView,
}
