import type { Database } from '~/db/client.server'
import { AppError } from '~/lib/app-error'
import { currentActor } from '~/server/auth/current-actor.server'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { loadExportModel } from './export.server'
import { exportBody, exportContentType, exportFileName } from './exporters/export-file'
import { type ExportModel, type ExportRequest, exportRequestSchema } from './transfer.schemas'

/*
 * `GET /api/export?format=opml&groupId=…`: a download for the signed-in user
 * (no groupId: everything). A plain route, not a server function, so the
 * browser saves the streamed file itself.
 */

const NO_STORE = { 'Cache-Control': 'no-store' }

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' },
  })
}

/** The model, or null for a group that is missing or not the actor's to see. */
async function modelOrNull(
  db: Database,
  actor: Actor,
  groupId: string | null,
): Promise<ExportModel | null> {
  try {
    return await loadExportModel(db, actor, { groupId })
  } catch (error) {
    // Missing and forbidden look the same, as everywhere else.
    if (
      error instanceof AppError &&
      (error.code === 'GROUP_NOT_FOUND' || error.code === 'GROUP_FORBIDDEN')
    ) {
      return null
    }
    throw error
  }
}

/** The file for a signed-in actor, streamed as it is written, so a big export starts at once. */
export async function exportDownload(
  db: Database,
  actor: Actor,
  input: ExportRequest,
): Promise<Response> {
  const { format, groupId } = input
  const model = await modelOrNull(db, actor, groupId)
  if (model === null) return plain(404, 'Not found')
  const fileName = exportFileName(format, {
    scopeName: groupId === null ? null : (model.groups[0]?.name ?? null),
    date: new Date(),
  })
  return new Response(await exportBody(format, model), {
    headers: {
      ...NO_STORE,
      'Content-Type': exportContentType(format),
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

/** The route's handler: the query checked first (400), then the session (401). */
export async function handleExportRequest({ request }: { request: Request }): Promise<Response> {
  const url = new URL(request.url)
  const parsed = exportRequestSchema.safeParse({
    format: url.searchParams.get('format'),
    groupId: url.searchParams.get('groupId') || null,
  })
  if (!parsed.success) return plain(400, 'Bad request')
  const actor = await currentActor(request)
  if (!actor) return plain(401, 'Sign in to export')
  return exportDownload(await getDb(), actor, parsed.data)
}
