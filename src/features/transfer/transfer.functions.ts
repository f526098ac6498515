import { createServerFn } from '@tanstack/react-start'
import { limitLookups } from '~/features/catalogue/lookup-limit.server'
import { retryPendingNow } from '~/features/library/pending-lookups.server'
import { AppError } from '~/lib/app-error'
import { signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { requestClientAddress } from '~/server/http/client-address.server'
import * as previews from './import-preview.server'
import * as imports from './imports.server'
import {
  IMPORT_MAX_BYTES,
  importPreviewSchema,
  importRefSchema,
  importTooLarge,
  pasteImportSchema,
  startImportSchema,
} from './transfer.schemas'

/* Import's server functions: validate, then one call into the import modules. Exports download from /api/export. */

/** The upload: a `file` field, refused by its size before a byte of it is read. */
function fileUpload(data: FormData): { file: File } {
  if (!(data instanceof FormData)) throw new AppError('VALIDATION')
  const file = data.get('file')
  if (!(file instanceof File)) throw new AppError('VALIDATION')
  if (file.size > IMPORT_MAX_BYTES) throw importTooLarge()
  if (file.size === 0) throw new AppError('IMPORT_EMPTY')
  return { file }
}

/**
 * Pasted text, sent as multipart like a file: it may be as large as one, and
 * only uploads may pass the server's 1 MB limit on a call (server/http/body-limit.server.ts).
 */
function pastedText(data: FormData): { text: string } {
  if (!(data instanceof FormData)) throw new AppError('VALIDATION')
  const parsed = pasteImportSchema.safeParse({ text: data.get('text') })
  if (parsed.success) return parsed.data
  const text = data.get('text')
  if (typeof text !== 'string') throw new AppError('VALIDATION')
  throw text.length > IMPORT_MAX_BYTES ? importTooLarge() : new AppError('IMPORT_EMPTY')
}

export const previewImportFile = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(fileUpload)
  .handler(async ({ data, context }) =>
    previews.previewImportFile(await getDb(), context.actor, data),
  )

export const previewImportText = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(pastedText)
  .handler(async ({ data, context }) =>
    previews.previewImportText(await getDb(), context.actor, data),
  )

export const getImportPreview = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(importPreviewSchema)
  .handler(async ({ data, context }) =>
    previews.getImportPreview(await getDb(), context.actor, data),
  )

export const getImportContents = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(importRefSchema)
  .handler(async ({ data, context }) =>
    previews.getImportContents(await getDb(), context.actor, data),
  )

export const startImport = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(startImportSchema)
  .handler(async ({ data, context }) => imports.startImport(await getDb(), context.actor, data))

export const getImportStatus = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(importRefSchema)
  .handler(async ({ data, context }) => imports.getImportStatus(await getDb(), context.actor, data))

export const listImports = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => imports.listImports(await getDb(), context.actor))

export const cancelImport = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(importRefSchema)
  .handler(async ({ data, context }) => imports.cancelImport(await getDb(), context.actor, data))

/** "Look up again": the user's pending look-ups are asked about now (on their daily share). */
export const retryPendingLookups = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .handler(async ({ context }) => {
    const db = await getDb()
    await limitLookups(db, context.actor.id, { ip: requestClientAddress() })
    await retryPendingNow(db, context.actor.id)
    return { queued: true }
  })
