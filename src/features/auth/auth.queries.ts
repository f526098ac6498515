import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { AppError } from '~/lib/app-error'
import { confirmEmail, register } from './auth.functions'
import type { RegisterInput } from './auth.schemas'
import { authClient, retryAfterSeconds } from './auth-client'
import { getDeletionSummary, listActiveSessions } from './session.functions'
import { authKeys } from './session.queries'

export const activeSessionsQuery = () =>
  queryOptions({
    queryKey: authKeys.sessions,
    queryFn: () => listActiveSessions(),
    staleTime: 0,
  })

/** Counted when the deletion dialog opens, so it lists what is there now. */
export const deletionSummaryQuery = () =>
  queryOptions({
    queryKey: authKeys.deletionSummary,
    queryFn: () => getDeletionSummary(),
    staleTime: 0,
  })

/** Turns a Better Auth client error into our typed error (429 keeps its wait time). */
function toAppError(
  error: { status: number; code?: string } | null,
  response?: Response,
): AppError {
  if (error?.status === 429)
    return new AppError('RATE_LIMITED', { seconds: retryAfterSeconds(response) })
  if (error?.status === 401 || error?.code === 'INVALID_EMAIL_OR_PASSWORD') {
    return new AppError('INVALID_CREDENTIALS')
  }
  if (error?.code === 'INVALID_PASSWORD') return new AppError('WRONG_PASSWORD')
  if (error?.code === 'INVALID_TOKEN') return new AppError('TOKEN_INVALID')
  return new AppError('INTERNAL')
}

/** After any change of who is signed in, everything cached belongs to someone else. */
function useResetAfterAuthChange() {
  const queryClient = useQueryClient()
  const router = useRouter()
  return async () => {
    queryClient.clear()
    await router.invalidate()
  }
}

// Forget the session, navigate, then reload: reloading under /dashboard would let its guard send the visitor to sign-in.
function useLeaveSignedIn() {
  const queryClient = useQueryClient()
  const router = useRouter()
  return async (to: '/' | '/login/' | '/goodbye/', redirect?: string) => {
    queryClient.clear()
    await router.navigate(redirect ? { to, search: { redirect } } : { to })
    await router.invalidate()
  }
}

export function useSignIn() {
  const reset = useResetAfterAuthChange()
  return useMutation({
    mutationFn: async (input: { email: string; password: string }) => {
      let response: Response | undefined
      const result = await authClient.signIn.email(input, {
        onResponse: (ctx) => {
          response = ctx.response
        },
      })
      if (result.error) throw toAppError(result.error, response)
      await reset()
    },
  })
}

/** Signs out to the sign-in page; `redirect` brings the next sign-in back (an invitation). */
export function useSignOut() {
  const leave = useLeaveSignedIn()
  return useMutation({
    mutationFn: async (redirect?: string) => {
      await authClient.signOut()
      await leave('/login/', redirect)
    },
  })
}

export function useRegister() {
  return useMutation({ mutationFn: (input: RegisterInput) => register({ data: input }) })
}

export function useConfirmEmail() {
  const reset = useResetAfterAuthChange()
  return useMutation({
    mutationFn: async (code: string) => {
      const result = await confirmEmail({ data: { code } })
      if (result.status === 'confirmed') await reset()
      return result
    },
  })
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: async (email: string) => {
      let response: Response | undefined
      const result = await authClient.sendVerificationEmail(
        { email, callbackURL: '/dashboard/' },
        {
          onResponse: (ctx) => {
            response = ctx.response
          },
        },
      )
      if (result.error) throw toAppError(result.error, response)
    },
  })
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (email: string) => {
      let response: Response | undefined
      const result = await authClient.requestPasswordReset(
        { email, redirectTo: '/login/' },
        {
          onResponse: (ctx) => {
            response = ctx.response
          },
        },
      )
      if (result.error) {
        throw result.error.status === 429
          ? toAppError(result.error, response)
          : new AppError('RESET_MAIL_FAILED')
      }
    },
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) => {
      const result = await authClient.resetPassword({
        newPassword: input.password,
        token: input.token,
      })
      if (result.error) throw toAppError(result.error)
    },
  })
}

export function useUpdateName() {
  const queryClient = useQueryClient()
  const router = useRouter()
  return useMutation({
    mutationFn: async (name: string) => {
      const result = await authClient.updateUser({ name })
      if (result.error) throw toAppError(result.error)
    },
    // The dashboard reads the user from its route context: refresh both.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: authKeys.session })
      await router.invalidate()
    },
  })
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: async (newEmail: string) => {
      const result = await authClient.changeEmail({
        newEmail,
        callbackURL: '/dashboard/settings/account/?emailChanged=1',
      })
      if (result.error) throw toAppError(result.error)
    },
  })
}

export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { currentPassword: string; newPassword: string }) => {
      const result = await authClient.changePassword({ ...input, revokeOtherSessions: true })
      if (result.error) throw toAppError(result.error)
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions }),
  })
}

export function useRevokeSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (token: string) => {
      const result = await authClient.revokeSession({ token })
      if (result.error) throw toAppError(result.error)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions }),
  })
}

export function useDeleteAccount() {
  const leave = useLeaveSignedIn()
  return useMutation({
    mutationFn: async (password: string) => {
      const result = await authClient.deleteUser({ password })
      if (result.error) throw toAppError(result.error)
      await leave('/goodbye/')
    },
  })
}
