import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { sessionQuery } from '../session.queries'

/**
 * Sign in / Get started for guests, Dashboard for a signed-in visitor. The
 * public pages render for guests on the server (cacheable) and swap after load.
 */
export function AccountLinks(props: { onNavigate?: () => void; className?: string }) {
  const { t } = useI18n()
  const user = useQuery({ ...sessionQuery(), retry: false }).data
  if (user) {
    return (
      <Button asChild className={props.className}>
        <Link to="/dashboard/" onClick={props.onNavigate}>
          {t('dashboard.nav.label')}
        </Link>
      </Button>
    )
  }
  return (
    <>
      <Button asChild variant="ghost" className={props.className}>
        <Link to="/login/" onClick={props.onNavigate}>
          {t('common.signIn')}
        </Link>
      </Button>
      <Button asChild className={props.className}>
        <Link to="/register/" onClick={props.onNavigate}>
          {t('common.getStarted')}
        </Link>
      </Button>
    </>
  )
}
