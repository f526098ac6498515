import { AppError, type ErrorCode } from '../../src/lib/app-error'

/** A promise, or a call: what the call throws counts as a rejection. */
export type Attempt = Promise<unknown> | (() => unknown)

async function settle(attempt: Attempt): Promise<unknown> {
  return typeof attempt === 'function' ? attempt() : attempt
}

/** The code of the AppError a call throws, or 'ok'; any other error fails the test. */
export async function codeOf(attempt: Attempt): Promise<ErrorCode | 'ok'> {
  try {
    await settle(attempt)
    return 'ok'
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
}

/** The AppError a call throws; success or any other error fails the test. */
export async function errorOf(attempt: Attempt): Promise<AppError> {
  try {
    await settle(attempt)
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected an AppError')
}

/** The error a call throws, of any type (e.g. a QuotaExhaustedError); success fails the test. */
export async function rejectionOf(attempt: Attempt): Promise<unknown> {
  try {
    await settle(attempt)
  } catch (error) {
    return error
  }
  throw new Error('expected a failure')
}
