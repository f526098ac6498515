import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { groupTreeQuery } from '~/features/groups/groups.queries'
import { I18nProvider } from '~/lib/i18n/i18n-provider'
import { messages } from '~/lib/i18n/messages/en'
import { createTranslator } from '~/lib/i18n/translate'
import { startImport } from '../transfer.functions'
import { importContentsQuery, importPreviewQuery } from '../transfer.queries'
import type {
  ImportContents,
  ImportOptions,
  ImportPreview,
  ImportStatus,
} from '../transfer.schemas'
import { ImportPreviewPanel } from './import-preview'

/* The network boundary: the preview and its list are cached, so only starting calls out. */
vi.mock('../transfer.functions', () => ({ startImport: vi.fn(), cancelImport: vi.fn() }))
vi.mock('~/features/groups/groups.functions', () => ({}))

const t = createTranslator(messages)
const importId = 'import-1'
const options: ImportOptions = { parentId: null, sameNames: 'merge' }

/**
 * Music (Lo-fi Girl) › Jazz (Jazz Cafe); News (@newsroom, the anime Frieren);
 * in no group: Tech Talk.
 */
const contents: ImportContents = {
  channels: [
    { title: 'Lo-fi Girl', ref: '@lofigirl' },
    { title: 'Jazz Cafe', ref: '@jazzcafe' },
    { title: null, ref: '@newsroom' },
    { title: 'Tech Talk', ref: '@techtalk' },
  ],
  animes: [{ title: 'Frieren' }],
  groups: [
    { parent: null, name: 'Music', channels: [0], animes: [] },
    { parent: 0, name: 'Jazz', channels: [1], animes: [] },
    { parent: null, name: 'News', channels: [2], animes: [0] },
  ],
  ungrouped: { channels: [3], animes: [] },
}

function previewOf(limits: ImportPreview['limits'] = []): ImportPreview {
  const leaf = (name: string, itemCount: number) => ({
    name,
    icon: null,
    color: null,
    itemCount,
    exists: false,
    groups: [],
  })
  return {
    importId,
    format: 'opml',
    fileName: 'subscriptions.opml',
    groups: [{ ...leaf('Music', 1), groups: [leaf('Jazz', 1)] }, leaf('News', 2)],
    groupCount: 3,
    channels: { total: 4, new: 4, inLibrary: 0, toResolve: 0 },
    animes: { total: 1, new: 1, inLibrary: 0 },
    problems: [],
    limits,
    options,
  }
}

const status: ImportStatus = {
  importId,
  state: 'queued',
  format: 'opml',
  fileName: 'subscriptions.opml',
  done: 0,
  total: 0,
  result: null,
  pendingLeft: 0,
  error: null,
  errorParams: {},
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
}

beforeEach(() => {
  vi.mocked(startImport).mockResolvedValue(status)
})

afterEach(() => {
  vi.clearAllMocks()
})

function renderPreview(preview = previewOf()) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  })
  queryClient.setQueryData(importPreviewQuery(importId, options).queryKey, preview)
  queryClient.setQueryData(importContentsQuery(importId).queryKey, contents)
  // The destination picker lists the user's groups.
  queryClient.setQueryData(groupTreeQuery().queryKey, {
    groups: [],
    settings: {
      defaultIcon: 'emoji:📁',
      defaultColor: 'blue',
      defaultSort: 'manual',
      treeExpanded: true,
      showCounts: true,
    },
    maxDepth: 5,
  })
  const onStarted = vi.fn()
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider locale="en" messages={messages}>
        <ImportPreviewPanel
          draft={{ importId, options }}
          onOptionsChange={vi.fn()}
          onStarted={onStarted}
          onClosed={vi.fn()}
        />
      </I18nProvider>
    </QueryClientProvider>,
  )
  return { user: userEvent.setup(), onStarted }
}

/**
 * A row's box. A group is named by its path and count ("Music / Jazz 1 item"),
 * an item by its title, address and place: `item` matches its title alone.
 */
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name })
const item = (title: string) =>
  screen.getByRole<HTMLInputElement>('checkbox', { name: new RegExp(`^${title} `) })

const confirmButton = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name })

const confirmLabel = (items: string, groups: string) =>
  t('transfer.preview.confirmItemsInto', { items, groups })

describe('import preview selection', () => {
  it('lists everything ticked and imports it all as it stands', async () => {
    const { user, onStarted } = renderPreview()
    const boxes = screen.getAllByRole<HTMLInputElement>('checkbox')
    const rows = [
      box('Music 1 item'),
      item('Lo-fi Girl'),
      box('Music / Jazz 1 item'),
      item('Jazz Cafe'),
      box('News 2 items'),
      item('@newsroom'),
      item('Frieren'),
      box(`${t('transfer.contents.ungrouped')} 1 item`),
      item('Tech Talk'),
    ]
    // In this order, each group followed by its items.
    expect(boxes.map((each) => rows.indexOf(each))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
    expect(boxes.filter((each) => !each.checked || each.disabled)).toEqual([])
    const all = confirmLabel('4 channels and 1 anime', '3 groups')
    await user.click(confirmButton(all))
    await waitFor(() =>
      expect(startImport).toHaveBeenCalledWith({
        data: {
          importId,
          options,
          exclusions: { groups: [], channels: [], animes: [], ungrouped: false },
          idempotencyKey: expect.any(String),
        },
      }),
    )
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(1))
    expect(onStarted.mock.calls[0]?.[0]).toEqual(status)
  })

  it('leaves out the channels unticked, and says so on the button', async () => {
    const { user } = renderPreview()
    await user.click(item('Tech Talk'))
    await user.click(item('Jazz Cafe'))
    expect(item('Jazz Cafe').checked).toBe(false)
    expect(item('Tech Talk').checked).toBe(false)
    expect(item('Lo-fi Girl').checked).toBe(true)
    const label = confirmLabel('2 channels and 1 anime', '3 groups')
    await user.click(confirmButton(label))
    // Sorted, whatever the order they were unticked in.
    await waitFor(() =>
      expect(startImport).toHaveBeenCalledWith({
        data: expect.objectContaining({
          exclusions: { groups: [], channels: [1, 3], animes: [], ungrouped: false },
        }),
      }),
    )
  })

  it('unticking a group takes its subgroups and their items with it, until ticked again', async () => {
    const { user } = renderPreview()
    await user.click(box('Music 1 item'))
    expect(box('Music 1 item').checked).toBe(false)
    for (const below of [box('Music / Jazz 1 item'), item('Lo-fi Girl'), item('Jazz Cafe')]) {
      expect(below.checked).toBe(false)
      expect(below.disabled).toBe(true)
    }
    expect(item('Frieren').checked).toBe(true)
    expect(confirmButton(confirmLabel('2 channels and 1 anime', '1 group'))).toBeDefined()

    await user.click(box('Music 1 item'))
    expect(item('Jazz Cafe').checked).toBe(true)
    expect(item('Jazz Cafe').disabled).toBe(false)
    await user.click(box('Music / Jazz 1 item'))
    await user.click(confirmButton(confirmLabel('3 channels and 1 anime', '2 groups')))
    await waitFor(() =>
      expect(startImport).toHaveBeenCalledWith({
        data: expect.objectContaining({
          exclusions: { groups: [1], channels: [], animes: [], ungrouped: false },
        }),
      }),
    )
  })

  it('finds rows by name and unticks from the search results', async () => {
    const { user } = renderPreview()
    const search = screen.getByRole('searchbox', { name: t('transfer.contents.search') })
    await user.type(search, 'zzz')
    // The search waits for a pause in typing.
    expect(await screen.findByText(t('transfer.contents.noMatch', { query: 'zzz' }))).toBeDefined()
    expect(screen.queryAllByRole('checkbox')).toEqual([])

    await user.clear(search)
    await user.type(search, 'frier')
    // The anime, under the group that holds it.
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(2))
    expect(box('News 2 items')).toBeDefined()
    await user.click(item('Frieren'))
    await user.click(confirmButton(confirmLabel('4 channels', '3 groups')))
    await waitFor(() =>
      expect(startImport).toHaveBeenCalledWith({
        data: expect.objectContaining({
          exclusions: { groups: [], channels: [], animes: [0], ungrouped: false },
        }),
      }),
    )
  })

  it('turns the button off when nothing is ticked', async () => {
    const { user } = renderPreview()
    await user.click(box('Music 1 item'))
    await user.click(box('News 2 items'))
    await user.click(box(`${t('transfer.contents.ungrouped')} 1 item`))
    expect(confirmButton(t('transfer.preview.confirmNothing')).disabled).toBe(true)

    await user.click(box('News 2 items'))
    expect(confirmButton(confirmLabel('1 channel and 1 anime', '1 group')).disabled).toBe(false)
  })

  it('past a plan limit, lets the import start only once something is left out', async () => {
    const { user } = renderPreview(previewOf([{ limit: 'channels', max: 3 }]))
    const all = confirmButton(confirmLabel('4 channels and 1 anime', '3 groups'))
    expect(all.disabled).toBe(true)
    await user.click(item('Lo-fi Girl'))
    const fewer = confirmButton(confirmLabel('3 channels and 1 anime', '3 groups'))
    expect(fewer.disabled).toBe(false)
    await user.click(fewer)
    await waitFor(() =>
      expect(startImport).toHaveBeenCalledWith({
        data: expect.objectContaining({
          exclusions: { groups: [], channels: [0], animes: [], ungrouped: false },
        }),
      }),
    )
  })
})
