import { createFileRoute } from '@tanstack/react-router'
import { LogOut } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { useSignOut } from '~/features/auth/auth.queries'
import { InvitationPage } from '~/features/sharing/components/invitation-page'
import { loadPublicSharing } from '~/features/sharing/public-sharing-load'
import { invitationQuery } from '~/features/sharing/sharing.queries'
import { invitationTokenSchema } from '~/features/sharing/token.schemas'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { namedPageMeta } from '~/lib/named-page-meta'

/** An invitation mail's link: preview, then accept with the invited address. */
export const Route = createFileRoute('/_site/invitations/$token/')({
  loader: async ({ context: { queryClient }, params }) => {
    const token = invitationTokenSchema.safeParse(params.token)
    if (!token.success) return { state: 'unavailable' as const, name: null }
    const load = await loadPublicSharing(
      queryClient.ensureQueryData(invitationQuery(token.data)),
      'INVITATION_UNAVAILABLE',
    )
    return { state: load.state, name: load.state === 'ready' ? load.data.group.name : null }
  },
  head: ({ match, loaderData }) => ({
    meta: [
      ...namedPageMeta(
        match.context.messages,
        'sharing.meta.invitation',
        'sharing.meta.invitationNamed',
        loaderData?.name ?? undefined,
      ),
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: InvitationRoute,
})

function InvitationRoute() {
  const { token } = Route.useParams()
  const { state } = Route.useLoaderData()
  return <InvitationPage token={token} state={state} switchAccount={<SwitchAccount />} />
}

/** Signing out leads to the sign-in page, where the invited address can be used. */
function SwitchAccount() {
  const { t } = useI18n()
  const signOut = useSignOut()
  return (
    <Button
      variant="secondary"
      onClick={() => signOut.mutate(window.location.pathname)}
      disabled={signOut.isPending}
    >
      <LogOut aria-hidden size={16} />
      {t('sharing.invitation.switch')}
    </Button>
  )
}
