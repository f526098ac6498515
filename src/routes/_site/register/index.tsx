import { createFileRoute, getRouteApi, Link } from '@tanstack/react-router'
import { redirectSignedIn } from '~/features/auth/auth.guards'
import { AuthCard, textLinkClass } from '~/features/auth/components/auth-card'
import { GoogleSignIn } from '~/features/auth/components/google-sign-in'
import { RegisterForm } from '~/features/auth/components/register-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { definedParams, optionalText, type RawSearch } from '~/lib/search-params'
import { pageMeta } from '~/lib/seo'

const rootRoute = getRouteApi('__root__')

export const Route = createFileRoute('/_site/register/')({
  validateSearch: (search: RawSearch) => definedParams({ redirect: optionalText(search.redirect) }),
  beforeLoad: ({ context, search }) => redirectSignedIn(context.queryClient, search.redirect),
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'meta.title.register') }),
  component: RegisterPage,
})

function RegisterPage() {
  const { t } = useI18n()
  const config = rootRoute.useLoaderData()
  const { redirect } = Route.useSearch()
  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.haveAccount')}{' '}
          <Link to="/login/" search={redirect ? { redirect } : {}} className={textLinkClass}>
            {t('auth.login.submit')}
          </Link>
        </>
      }
    >
      {config.googleSignIn ? <GoogleSignIn redirect={redirect} /> : null}
      <RegisterForm redirect={redirect} />
    </AuthCard>
  )
}
