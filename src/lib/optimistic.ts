import {
  hashKey,
  type MutationOptions,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { isRedirect, useRouter } from '@tanstack/react-router'
import { toast } from 'sonner'
import { BILLING_PATH, errorCodeOf, isPlanLimit } from './app-error'
import { useI18n } from './i18n/i18n-provider'
import { useErrorText } from './use-error-text'

export type OptimisticMutationOptions<TInput, TResult> = {
  mutationFn: (input: TInput) => Promise<TResult>
  /** Prefixes of the cached queries the change touches: paused, saved, restored on failure. */
  touches: (input: TInput) => QueryKey[]
  apply: (queryClient: QueryClient, input: TInput) => void
  /** Prefixes of the queries refetched once the server has answered, either way (and `touches` too when refused as stale). */
  invalidates: (input: TInput) => readonly QueryKey[]
  onSuccess?: (result: TResult, input: TInput, queryClient: QueryClient) => void
  /** Forms that show the refusal next to their fields pass false: one message, not two. */
  toastOnError?: boolean
}

/** The expected outcome is written at once; a refusal puts the cache back and is reported with `report`. */
export function optimisticMutationOptions<TInput, TResult>(
  queryClient: QueryClient,
  options: OptimisticMutationOptions<TInput, TResult>,
  report: (error: unknown) => void,
): MutationOptions<TResult, unknown, TInput, { saved: [QueryKey, unknown][] }> {
  return {
    mutationFn: options.mutationFn,
    onMutate: async (input: TInput) => {
      const keys = options.touches(input)
      await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })))
      const saved = keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }))
      options.apply(queryClient, input)
      return { saved }
    },
    onError: (error, _input, context) => {
      for (const [queryKey, data] of context?.saved ?? []) queryClient.setQueryData(queryKey, data)
      // A redirect (the session ended) is followed by the router; there is nothing to say here.
      if (options.toastOnError !== false && !isRedirect(error)) report(error)
    },
    onSuccess: (result, input) => options.onSuccess?.(result, input, queryClient),
    onSettled: (_result, error, input) => {
      // Refused as stale: what the cache was put back to is out of date too, so it refetches.
      const stale = error !== null && errorCodeOf(error).code === 'STALE_VERSION'
      const keys = [...options.invalidates(input), ...(stale ? options.touches(input) : [])]
      // Once each: a second invalidation of a key would cancel and restart its refetch.
      const unique = new Map(keys.map((queryKey) => [hashKey(queryKey), queryKey]))
      return Promise.all(
        [...unique.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      )
    },
  }
}

/** Says why in a toast in the reader's language when the server refuses. */
export function useOptimisticMutation<TInput, TResult>(
  options: OptimisticMutationOptions<TInput, TResult>,
) {
  const queryClient = useQueryClient()
  const errorText = useErrorText()
  const router = useRouter()
  const { t } = useI18n()
  return useMutation(
    optimisticMutationOptions(queryClient, options, (error) =>
      toast.error(
        errorText(error),
        // A plan limit says how to lift it: the toast leads to the billing screen.
        isPlanLimit(error)
          ? {
              action: {
                label: t('billing.upgradeLink'),
                onClick: () => void router.navigate({ href: BILLING_PATH }),
              },
            }
          : undefined,
      ),
    ),
  )
}
