import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  getBillingOverview,
  openBillingPortal,
  startCheckout,
  tryBusiness,
} from './billing.functions'
import type { PriceChoiceId } from './billing.schemas'

const all = ['billing'] as const
export const billingKeys = {
  overview: () => [...all, 'overview'] as const,
}

export const billingOverviewQuery = () =>
  queryOptions({ queryKey: billingKeys.overview(), queryFn: () => getBillingOverview() })

/** Both leave the app for Stripe's pages; they come back to the billing screen. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (price: PriceChoiceId) => startCheckout({ data: { price } }),
    onSuccess: ({ url }) => window.location.assign(url),
  })
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: () => openBillingPortal(),
    onSuccess: ({ url }) => window.location.assign(url),
  })
}

export function useTryBusiness() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => tryBusiness(),
    onSuccess: (overview) => queryClient.setQueryData(billingKeys.overview(), overview),
  })
}
