// The account screens, loaded together as one lazy chunk by the router.
export { SignInPage } from './sign-in-page'
export { SignUpPage, AboutYouPage, AffiliateSignUpPage } from './sign-up-pages'
export { ConfirmationPage, ResendConfirmationPage } from './email-pages'
export { PasswordNewPage, PasswordEditPage } from './password-pages'
export { AccountSettingsPage } from './account-settings-page'
