import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { CallToAction } from '~/features/marketing/components/call-to-action'
import { Features } from '~/features/marketing/components/features'
import { Hero } from '~/features/marketing/components/hero'
import { Integrations } from '~/features/marketing/components/integrations'
import { Pricing } from '~/features/marketing/components/pricing'
import { Stats } from '~/features/marketing/components/stats'
import { Stories } from '~/features/marketing/components/stories'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/_site/')({
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'meta.title.home') }),
  component: HomePage,
})

const rootRoute = getRouteApi('__root__')

function HomePage() {
  const { billing } = rootRoute.useLoaderData()
  return (
    <main id="main">
      <Hero billing={billing} />
      <Stats />
      <Features />
      <Integrations />
      <Stories />
      <Pricing billing={billing} />
      <CallToAction />
    </main>
  )
}
