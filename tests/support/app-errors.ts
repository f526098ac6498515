import { AppError, type ErrorCode } from '../../src/lib/app-error'

/** The code of the AppError a call throws, or 'ok'; any other error fails the test. */
export async function codeOf(promise: Promise<unknown>): Promise<ErrorCode | 'ok'> {
  try {
    await promise
    return 'ok'
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
}

/** The AppError a call throws; success or any other error fails the test. */
export async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected an AppError')
}
