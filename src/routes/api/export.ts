import { createFileRoute } from '@tanstack/react-router'
import { loadExportModel } from '~/features/transfer/export.server'
import {
  exportChunks,
  exportContentType,
  exportFileName,
} from '~/features/transfer/exporters/export-file'
import { exportRequestSchema } from '~/features/transfer/transfer.schemas'
import { AppError } from '~/lib/app-error'
import { currentActor } from '~/server/auth/current-actor.server'
import { getDb } from '~/server/database.server'

const NO_STORE = { 'Cache-Control': 'no-store' }

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' },
  })
}

/** The file as it is written, chunk by chunk, so a big export starts downloading at once. */
function streamOf(chunks: Generator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    cancel() {
      chunks.return(undefined)
    },
  })
}

/** `GET /api/export?format=opml&groupId=…`: a download for the signed-in user (no groupId: everything). */
async function download({ request }: { request: Request }): Promise<Response> {
  const url = new URL(request.url)
  const parsed = exportRequestSchema.safeParse({
    format: url.searchParams.get('format'),
    groupId: url.searchParams.get('groupId') || null,
  })
  if (!parsed.success) return plain(400, 'Bad request')
  const actor = await currentActor(request)
  if (!actor) return plain(401, 'Sign in to export')
  const { format, groupId } = parsed.data
  let model: Awaited<ReturnType<typeof loadExportModel>>
  try {
    model = await loadExportModel(await getDb(), actor, { groupId })
  } catch (error) {
    // Missing and forbidden look the same, as everywhere else.
    if (
      error instanceof AppError &&
      (error.code === 'GROUP_NOT_FOUND' || error.code === 'GROUP_FORBIDDEN')
    ) {
      return plain(404, 'Not found')
    }
    throw error
  }
  const fileName = exportFileName(format, {
    scopeName: groupId === null ? null : (model.groups[0]?.name ?? null),
    date: new Date(),
  })
  return new Response(streamOf(exportChunks(format, model)), {
    headers: {
      ...NO_STORE,
      'Content-Type': exportContentType(format),
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

export const Route = createFileRoute('/api/export')({
  server: { handlers: { GET: download } },
})
