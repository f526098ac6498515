import { createFileRoute, Outlet } from '@tanstack/react-router'
import { SiteFooter } from '~/components/layout/site-footer'
import { SiteHeader } from '~/components/layout/site-header'
import { AppearanceMenu } from '~/features/appearance/components/appearance-menu'
import { LanguageSwitcher } from '~/features/appearance/components/language-switcher'
import { AccountLinks } from '~/features/auth/components/account-links'

/** The public site's frame: header with language and display menus, footer. */
export const Route = createFileRoute('/_site')({
  component: () => (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader
        languageSwitcher={<LanguageSwitcher />}
        appearanceMenu={<AppearanceMenu />}
        accountLinks={(close) => <AccountLinks onNavigate={close} />}
      />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  ),
})
