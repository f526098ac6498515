import { createFileRoute, getRouteApi, Link } from '@tanstack/react-router'
import { redirectSignedIn } from '~/features/auth/auth.guards'
import { AuthCard, textLinkClass } from '~/features/auth/components/auth-card'
import { GoogleSignIn } from '~/features/auth/components/google-sign-in'
import { LoginForm } from '~/features/auth/components/login-form'
import { demoHintQuery } from '~/features/auth/session.queries'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { definedParams, optionalText, type RawSearch } from '~/lib/search-params'
import { pageMeta } from '~/lib/seo'

const rootRoute = getRouteApi('__root__')

export const Route = createFileRoute('/_site/login/')({
  validateSearch: (search: RawSearch) => definedParams({ redirect: optionalText(search.redirect) }),
  beforeLoad: ({ context, search }) => redirectSignedIn(context.queryClient, search.redirect),
  loader: ({ context }) => context.queryClient.ensureQueryData(demoHintQuery()),
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'meta.title.login') }),
  component: LoginPage,
})

function LoginPage() {
  const { t } = useI18n()
  const config = rootRoute.useLoaderData()
  const { redirect } = Route.useSearch()
  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Link to="/register/" search={redirect ? { redirect } : {}} className={textLinkClass}>
            {t('auth.login.createAccount')}
          </Link>
        </>
      }
    >
      {config.googleSignIn ? <GoogleSignIn redirect={redirect} /> : null}
      <LoginForm redirect={redirect} />
    </AuthCard>
  )
}
