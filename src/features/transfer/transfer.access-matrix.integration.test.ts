import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { youtubeConnection } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import { Route as exportRoute } from '~/routes/api/export'
import { resetEnvCacheForTests } from '~/server/env.server'
import {
  FAKE_GOOGLE_CLIENT_ID,
  FAKE_GOOGLE_CLIENT_SECRET,
} from '../../../tests/fakes/google-oauth-fake'
import {
  type CodesByPersona,
  everySignedIn,
  N,
  NF,
  SIGNED_IN,
  Y,
} from '../../../tests/support/access-matrix/personas'
import {
  type Ctx,
  gated,
  matrixModule,
  type OpenCtx,
  overWire,
} from '../../../tests/support/access-matrix/rows'
import { describeAccessMatrix } from '../../../tests/support/access-matrix/run-matrix'
import { aliceImportIn } from '../../../tests/support/access-matrix/world'
import { db } from '../../../tests/support/database'
import { setUpYoutubeFake } from '../../../tests/support/transfer-world'
import * as exporter from './export.server'
import * as exportDownload from './export-download.server'
import { parseImport } from './formats/parse-import'
import * as importApply from './import-apply.server'
import * as importPreview from './import-preview.server'
import * as imports from './imports.server'
import * as functions from './transfer.functions'
import type { ImportOptions } from './transfer.schemas'
import * as youtubeConnectFunctions from './youtube-connect.functions'
import * as youtubeConnect from './youtube-connect.server'

/*
 * The authorization matrix of the transfer domain: imports (preview, start,
 * status), the export download and Connect YouTube. The rows of the server
 * functions (transfer.functions.ts, youtube-connect.functions.ts) call them
 * over the wire as the cell's persona, uploads and pastes as the multipart
 * form the import screen sends; Google and YouTube are the local fakes,
 * Google set up only for the rows that say so. The table's columns, the
 * world and the checks are in tests/support/access-matrix.
 *
 *                anonymous stranger viewer editor owner removed revokedLink expiredLink
 */

/** YouTube and Google's OAuth, local: no row reaches the internet. */
const youtubeFake = setUpYoutubeFake()

const TOP: ImportOptions = { parentId: null, sameNames: 'merge' }
const into = (parentId: string): ImportOptions => ({ parentId, sameNames: 'merge' })
const ownPreview = (ctx: Omit<OpenCtx, 'prepared'>) => {
  if (!ctx.actor) throw new Error('a preview needs an actor')
  return importPreview
    .previewImportText(db, ctx.actor, {
      text: `https://www.youtube.com/channel/${ctx.w.freshChannel}`,
    })
    .then((preview) => preview.importId)
}
const IMPORT_GONE = everySignedIn('IMPORT_NOT_FOUND')

/** Pasted text as the import screen sends it: multipart, like a file (transfer.queries.ts). */
function pasted(text: string): FormData {
  const data = new FormData()
  data.set('text', text)
  return data
}

/** An uploaded file as the import screen sends it. */
function uploaded(file: File): FormData {
  const data = new FormData()
  data.set('file', file, file.name)
  return data
}

const EXPORT_ROUTE = 'route:src/routes/api/export.ts'
/** The downloaded file; the 404 (missing, or not the actor's to see) as the refusal it stands for. */
async function download(c: Ctx, groupId: string | null): Promise<string> {
  const response = await exportDownload.exportDownload(db, c.actor, { format: 'tubefold', groupId })
  if (response.status === 404) throw new AppError('GROUP_NOT_FOUND')
  if (!response.ok) throw new Error(`the export answered ${response.status}`)
  return response.text()
}

const previewModule = matrixModule('src/features/transfer/import-preview.server', importPreview, {
  previewImportText: [
    gated(
      'pasted links',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) =>
        overWire(
          c.actor,
          functions.previewImportText,
          pasted(`https://www.youtube.com/channel/${c.w.freshChannel}`),
        ),
      { scoped: true },
    ),
  ],
  previewImportFile: [
    gated(
      'an uploaded list',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) =>
        overWire(
          c.actor,
          functions.previewImportFile,
          uploaded(new File([`https://www.youtube.com/channel/${c.w.freshChannel}\n`], 'list.txt')),
        ),
      { scoped: true },
    ),
  ],
  createImport: [
    gated(
      'a parsed file',
      [N, Y, Y, Y, Y, Y, Y, Y],
      async (c) =>
        importPreview.createImport(db, c.actor, {
          model: await parseImport(
            new TextEncoder().encode(`https://www.youtube.com/channel/${c.w.freshChannel}`),
            null,
          ),
          fileName: null,
        }),
      {
        scoped: true,
        via: [
          'src/features/transfer/transfer.functions.ts#previewImportText',
          'src/features/transfer/transfer.functions.ts#previewImportFile',
        ],
      },
    ),
  ],
  getImportPreview: [
    gated(
      'own import into Client A',
      [N, N, N, Y, Y, N, N, N],
      (c) =>
        overWire(c.actor, functions.getImportPreview, {
          importId: c.prepared,
          options: into(c.w.clientA),
        }),
      { prepare: ownPreview },
    ),
    gated(
      'own import into Client B',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, functions.getImportPreview, {
          importId: c.prepared,
          options: into(c.w.clientB),
        }),
      { prepare: ownPreview, member: NF },
    ),
    gated(
      "the owner's import",
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, functions.getImportPreview, {
          importId: aliceImportIn(c.w),
          options: TOP,
        }),
      { codes: IMPORT_GONE, needs: ['aliceImport'] },
    ),
  ],
  getImportContents: [
    gated(
      'own import',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, functions.getImportContents, { importId: c.prepared }),
      { prepare: ownPreview },
    ),
    gated(
      "the owner's import",
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, functions.getImportContents, { importId: aliceImportIn(c.w) }),
      { codes: IMPORT_GONE, needs: ['aliceImport'] },
    ),
  ],
})

const importsModule = matrixModule('src/features/transfer/imports.server', imports, {
  startImport: [
    gated(
      'own import into Client A',
      [N, N, N, Y, Y, N, N, N],
      (c) =>
        overWire(c.actor, functions.startImport, {
          importId: c.prepared,
          options: into(c.w.clientA),
        }),
      { prepare: ownPreview },
    ),
    gated(
      'own import into Client B',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, functions.startImport, {
          importId: c.prepared,
          options: into(c.w.clientB),
        }),
      { prepare: ownPreview, member: NF },
    ),
    gated(
      "the owner's import",
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, functions.startImport, { importId: aliceImportIn(c.w), options: TOP }),
      { codes: IMPORT_GONE, needs: ['aliceImport'] },
    ),
  ],
  getImportStatus: [
    gated(
      "the owner's import",
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, functions.getImportStatus, { importId: aliceImportIn(c.w) }),
      { codes: IMPORT_GONE, needs: ['aliceImport'] },
    ),
  ],
  listImports: [
    gated(
      'own imports',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, functions.listImports, undefined),
      { scoped: true },
    ),
  ],
  cancelImport: [
    gated(
      "the owner's import",
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, functions.cancelImport, { importId: aliceImportIn(c.w) }),
      { codes: IMPORT_GONE, needs: ['aliceImport'] },
    ),
  ],
})

const applyModule = matrixModule('src/features/transfer/import-apply.server', importApply, {
  IMPORT_JOB_ATTEMPTS: { internal: 'a constant' },
  importJob: { internal: 'the job definition; runs runImport for the import’s owner' },
  runImport: { internal: 'job only: re-checks the destination for the importer when it applies' },
})

const exportModule = matrixModule('src/features/transfer/export.server', exporter, {
  loadExportModel: [
    gated(
      'Client A',
      [N, N, Y, Y, Y, N, N, N],
      (c) => exporter.loadExportModel(db, c.actor, { groupId: c.w.clientA }),
      { via: [EXPORT_ROUTE] },
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => exporter.loadExportModel(db, c.actor, { groupId: c.w.clientB }),
      { member: NF, via: [EXPORT_ROUTE] },
    ),
    gated(
      'whole account',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => exporter.loadExportModel(db, c.actor, { groupId: null }),
      { scoped: true, via: [EXPORT_ROUTE] },
    ),
  ],
})

const downloadModule = matrixModule(
  'src/features/transfer/export-download.server',
  exportDownload,
  {
    exportDownload: [
      gated('Client A', [N, N, Y, Y, Y, N, N, N], (c) => download(c, c.w.clientA), {
        via: [EXPORT_ROUTE],
      }),
      gated('Client B', [N, N, N, N, Y, N, N, N], (c) => download(c, c.w.clientB), {
        member: NF,
        via: [EXPORT_ROUTE],
      }),
      gated('whole account', [N, Y, Y, Y, Y, Y, Y, Y], (c) => download(c, null), {
        scoped: true,
        via: [EXPORT_ROUTE],
      }),
    ],
    handleExportRequest: {
      internal: 'the route itself: the probe sees it answer 401 without a session',
    },
  },
)

/** Alice's YouTube connection (tokens are opaque here): present before every cell. */
async function aliceConnected(ctx: Omit<OpenCtx, 'prepared'>): Promise<string> {
  await db
    .insert(youtubeConnection)
    .values({
      userId: ctx.w.actors.owner.id,
      channelTitle: `Alice on YouTube ${ctx.w.nonce}`,
      accessToken: 'sealed-elsewhere',
      scope: 'https://www.googleapis.com/auth/youtube.readonly',
    })
    .onConflictDoNothing()
  return ctx.w.actors.owner.id
}

async function hasConnection(userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: youtubeConnection.userId })
    .from(youtubeConnection)
    .where(eq(youtubeConnection.userId, userId))
  return rows.length > 0
}

/** Subscriptions the fake Google account has: one page. */
const FAKE_SUBSCRIPTIONS = 3

/**
 * Google set up with the fake's client only while `body` runs: the other
 * rows keep the tests' default, no Google client.
 */
async function withGoogle<T>(body: () => Promise<T>): Promise<T> {
  const saved = { id: process.env.GOOGLE_CLIENT_ID, secret: process.env.GOOGLE_CLIENT_SECRET }
  process.env.GOOGLE_CLIENT_ID = FAKE_GOOGLE_CLIENT_ID
  process.env.GOOGLE_CLIENT_SECRET = FAKE_GOOGLE_CLIENT_SECRET
  resetEnvCacheForTests()
  try {
    return await body()
  } finally {
    if (saved.id === undefined) delete process.env.GOOGLE_CLIENT_ID
    else process.env.GOOGLE_CLIENT_ID = saved.id
    if (saved.secret === undefined) delete process.env.GOOGLE_CLIENT_SECRET
    else process.env.GOOGLE_CLIENT_SECRET = saved.secret
    resetEnvCacheForTests()
  }
}

/**
 * Alice connected to the fake Google through the consent round trip (what
 * /api/youtube/connect and /callback run), once per world: real sealed tokens.
 */
async function aliceConnectedToGoogle(ctx: Omit<OpenCtx, 'prepared'>): Promise<string> {
  const alice = ctx.w.actors.owner
  if (await hasConnection(alice.id)) return alice.id
  youtubeFake().oauth.setSubscriptionCount(FAKE_SUBSCRIPTIONS)
  const done = await withGoogle(async () => {
    const started = youtubeConnect.startYoutubeConnect(alice, { parentId: null })
    const cookie = started.setCookie?.split(';')[0] ?? null
    const callback = new URL(youtubeFake().oauth.approve(started.location))
    return youtubeConnect.completeYoutubeConnect(db, alice, { url: callback, cookieHeader: cookie })
  })
  if (!done.location.includes('importId=')) throw new Error(`not connected: ${done.location}`)
  return alice.id
}

/** The import the answer names is Alice's own preview of her subscriptions. */
async function aliceSubscriptionsPreview(ctx: OpenCtx, answer: unknown) {
  const importId =
    answer && typeof answer === 'object' && 'importId' in answer ? answer.importId : null
  if (typeof importId !== 'string') throw new Error('no import in the answer')
  const preview = await importPreview.getImportPreview(db, ctx.w.actors.owner, {
    importId,
    options: TOP,
  })
  expect(preview).toMatchObject({
    format: 'youtube',
    channels: { total: FAKE_SUBSCRIPTIONS },
  })
}

const NOT_CONNECTED: CodesByPersona = Object.fromEntries(
  SIGNED_IN.map((persona) => [
    persona,
    persona === 'owner' ? 'GOOGLE_NOT_CONFIGURED' : 'YOUTUBE_NOT_CONNECTED',
  ]),
)

const youtubeConnectModule = matrixModule(
  'src/features/transfer/youtube-connect.server',
  youtubeConnect,
  {
    getYoutubeConnection: [
      gated(
        "own connection, Alice's existing",
        [N, Y, Y, Y, Y, Y, Y, Y],
        (c) => overWire(c.actor, youtubeConnectFunctions.getYoutubeConnection, undefined),
        {
          scoped: true,
          prepare: aliceConnected,
          check: (ctx, result) => {
            const title = `Alice on YouTube ${ctx.w.nonce}`
            if (ctx.persona === 'owner') expect(JSON.stringify(result)).toContain(title)
            else expect(result).toMatchObject({ connection: null })
          },
        },
      ),
    ],
    importYoutubeSubscriptions: [
      gated(
        "with Alice's connection (Google not configured in tests)",
        [N, N, N, N, N, N, N, N],
        (c) => overWire(c.actor, youtubeConnectFunctions.importYoutubeSubscriptions, undefined),
        { prepare: aliceConnected, codes: NOT_CONNECTED },
      ),
      gated(
        "with Alice's connection to the fake Google",
        [N, N, N, N, Y, N, N, N],
        (c) =>
          withGoogle(() =>
            overWire(c.actor, youtubeConnectFunctions.importYoutubeSubscriptions, undefined),
          ),
        {
          prepare: aliceConnectedToGoogle,
          codes: everySignedIn('YOUTUBE_NOT_CONNECTED'),
          check: aliceSubscriptionsPreview,
        },
      ),
    ],
    disconnectYoutube: [
      gated(
        "own connection only, Alice's existing",
        [N, Y, Y, Y, Y, Y, Y, Y],
        (c) => overWire(c.actor, youtubeConnectFunctions.disconnectYoutube, undefined),
        {
          scoped: true,
          prepare: aliceConnected,
          check: async (ctx, result) => {
            const own = ctx.persona === 'owner'
            expect(result).toMatchObject({ disconnected: own })
            expect(await hasConnection(ctx.w.actors.owner.id)).toBe(!own)
          },
        },
      ),
    ],
    startYoutubeConnect: {
      internal:
        'reached only through GET /api/youtube/connect, which sends anonymous browsers to sign in (youtube-connect.integration.test.ts)',
    },
    completeYoutubeConnect: {
      internal:
        'reached only through GET /api/youtube/callback, which sends anonymous browsers to sign in; the flow cookie binds the user (youtube-connect.integration.test.ts)',
    },
    SIGN_IN_FIRST: { internal: 'a constant: where the routes send a signed-out browser' },
    connectRedirectResponse: { internal: "builds the routes' redirect; reads nothing" },
    CONNECT_COOKIE: { internal: 'a constant' },
  },
)

describeAccessMatrix('transfer', {
  folder: 'src/features/transfer',
  modules: [
    previewModule,
    importsModule,
    applyModule,
    exportModule,
    downloadModule,
    youtubeConnectModule,
  ],
  notHere: {
    'src/features/transfer/import-lookups.server': "the job's YouTube look-ups; takes no actor",
    'src/features/transfer/import-destination.server':
      'where an import lands, read by the preview and the apply after their checks',
    'src/features/transfer/import-writes.server': "the apply's writes, under its checks",
    'src/features/transfer/import-stage.server':
      "the apply's library staging, run by the job for the importing owner only",
    'src/features/transfer/import-store.server': 'columns and readers of a stored import',
    'src/features/transfer/import-limits.server':
      'the plan limits an import would pass, asked by the preview and the apply after their checks',
    'src/features/transfer/import-vacuum.server':
      "the job's clean-up after an import ends; takes no actor and reads no user input",
  },
  routes: [{ entry: EXPORT_ROUTE, route: exportRoute, path: '/api/export?format=opml' }],
})
