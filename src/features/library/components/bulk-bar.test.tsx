import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Toaster } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { groupKeys } from '~/features/groups/group-keys'
import { addItems, moveItems, removeItems } from '~/features/groups/groups.functions'
import { groupTreeQuery } from '~/features/groups/groups.queries'
import type { GroupTree, SharedTree } from '~/features/groups/groups.schemas'
import { I18nProvider } from '~/lib/i18n/i18n-provider'
import { messages } from '~/lib/i18n/messages/en'
import { createTranslator } from '~/lib/i18n/translate'
import { groupNode } from '../../../../tests/support/group-tree-data'
import { removeEntries } from '../library.functions'
import { BulkBar, type BulkScreen } from './bulk-bar'

/* The network boundary: the server functions the bar's actions call. */
vi.mock('~/features/groups/groups.functions', () => ({
  addItems: vi.fn(),
  moveItems: vi.fn(),
  removeItems: vi.fn(),
}))
vi.mock('~/features/groups/item-undo.functions', () => ({}))
vi.mock('../library.functions', () => ({ removeEntries: vi.fn() }))

const t = createTranslator(messages)
/** Every group open, as the bar's pickers show them. */
const group = (id: string, name: string, parentId: string | null, position: string) =>
  groupNode(id, name, parentId, position, true)

const tree: GroupTree = {
  groups: [
    group('music', 'Music', null, 'a0'),
    group('jazz', 'Jazz', 'music', 'a0'),
    group('news', 'News', null, 'a1'),
  ],
  settings: {
    defaultIcon: 'emoji:📁',
    defaultColor: 'blue',
    defaultSort: 'manual',
    treeExpanded: true,
    showCounts: true,
  },
  maxDepth: 5,
}

const inMusic: BulkScreen = { type: 'group', groupId: 'music', groupName: 'Music' }
const selection = new Set(['entry-1', 'entry-2'])
const placements = [
  { entryId: 'entry-1', position: 'a0' },
  { entryId: 'entry-2', position: 'a1' },
]

beforeEach(() => {
  vi.mocked(moveItems).mockResolvedValue({ moved: 2, alreadyThere: 0, placements, added: [] })
  vi.mocked(addItems).mockResolvedValue({
    added: 2,
    alreadyThere: 0,
    addedIds: ['entry-1', 'entry-2'],
  })
  vi.mocked(removeItems).mockResolvedValue({ removed: 2, placements })
  vi.mocked(removeEntries).mockResolvedValue({ removed: 2 })
})

afterEach(() => {
  vi.clearAllMocks()
})

function renderBar(props: {
  screen: BulkScreen
  selectedIds?: ReadonlySet<string>
  readOnly?: boolean
  cache?: (queryClient: QueryClient) => void
}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  })
  queryClient.setQueryData(groupTreeQuery().queryKey, tree)
  props.cache?.(queryClient)
  const onClear = vi.fn()
  // Its mutations report refusals with a link to billing (useRouter): it needs a router.
  // The toaster shows their Undo toasts.
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <BulkBar
          screen={props.screen}
          selectedIds={props.selectedIds ?? selection}
          onClear={onClear}
          readOnly={props.readOnly}
        />
        <Toaster />
      </>
    ),
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider locale="en" messages={messages}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  return { user: userEvent.setup(), onClear }
}

const button = (name: string) => screen.getByRole('button', { name })

describe('BulkBar', () => {
  it('counts the selection, offers the group actions, and clears it', async () => {
    const { user, onClear } = renderBar({ screen: inMusic })
    const bar = await screen.findByRole('region', { name: t('library.bulk.label') })
    expect(within(bar).getByText(t('library.bulk.selected.other', { count: '2' }))).toBeDefined()
    expect(
      within(bar)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual([
      t('library.bulk.move'),
      t('library.bulk.copy'),
      t('library.bulk.removeFromGroup'),
      t('library.bulk.clear'),
    ])
    await user.click(button(t('library.bulk.clear')))
    expect(onClear).toHaveBeenCalledTimes(1)
  })

  it('shows only the count to a viewer of a shared group', async () => {
    renderBar({ screen: inMusic, readOnly: true, selectedIds: new Set(['entry-1']) })
    const bar = await screen.findByRole('region', { name: t('library.bulk.label') })
    expect(within(bar).getByText(t('library.bulk.selected.one', { count: '1' }))).toBeDefined()
    expect(within(bar).getByText(t('library.group.viewOnly'))).toBeDefined()
    expect(
      within(bar)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual([t('library.bulk.clear')])
  })

  it('shows nothing without a selection', async () => {
    renderBar({ screen: inMusic, selectedIds: new Set() })
    // The toaster beside it shows the route has rendered.
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeDefined()
    expect(screen.queryByRole('region', { name: t('library.bulk.label') })).toBeNull()
  })

  it('moves the selection to the group picked, never to the group it is in', async () => {
    const { user, onClear } = renderBar({ screen: inMusic })
    await user.click(await screen.findByRole('button', { name: t('library.bulk.move') }))
    const dialog = await screen.findByRole('dialog', {
      name: t('library.bulk.moveTitle.other', { count: '2' }),
    })
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Music' }).disabled).toBe(
      true,
    )
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', {
      name: t('library.bulk.move'),
    })
    expect(confirm.disabled).toBe(true)

    await user.click(within(dialog).getByRole('radio', { name: 'News' }))
    await user.click(
      within(dialog).getByRole('button', {
        name: t('library.bulk.moveConfirm', { group: 'News' }),
      }),
    )
    await waitFor(() =>
      expect(moveItems).toHaveBeenCalledWith({
        data: { fromGroupId: 'music', toGroupId: 'news', entryIds: ['entry-1', 'entry-2'] },
      }),
    )
    expect(addItems).not.toHaveBeenCalled()
    expect(onClear).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(
      await screen.findByText(t('library.bulk.movedItems.other', { count: '2' })),
    ).toBeDefined()
  })

  it('copies the selection into a subgroup, leaving it where it is', async () => {
    const { user, onClear } = renderBar({ screen: inMusic })
    await user.click(await screen.findByRole('button', { name: t('library.bulk.copy') }))
    const dialog = await screen.findByRole('dialog', {
      name: t('library.bulk.copyTitle.other', { count: '2' }),
    })
    await user.click(within(dialog).getByRole('radio', { name: 'Jazz in Music' }))
    await user.click(
      within(dialog).getByRole('button', {
        name: t('library.bulk.copyConfirm', { group: 'Jazz' }),
      }),
    )
    await waitFor(() =>
      expect(addItems).toHaveBeenCalledWith({
        data: { groupId: 'jazz', entryIds: ['entry-1', 'entry-2'] },
      }),
    )
    expect(moveItems).not.toHaveBeenCalled()
    expect(onClear).toHaveBeenCalledTimes(1)
  })

  it('removes the selection from the group only once confirmed', async () => {
    const { user, onClear } = renderBar({ screen: inMusic })
    const title = t('library.bulk.removeFromGroupTitle.other', { count: '2', group: 'Music' })
    await user.click(await screen.findByRole('button', { name: t('library.bulk.removeFromGroup') }))
    const asked = await screen.findByRole('alertdialog', { name: title })
    await user.click(within(asked).getByRole('button', { name: t('library.bulk.cancel') }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(removeItems).not.toHaveBeenCalled()
    expect(onClear).not.toHaveBeenCalled()

    await user.click(button(t('library.bulk.removeFromGroup')))
    const confirm = await screen.findByRole('alertdialog', { name: title })
    await user.click(
      within(confirm).getByRole('button', { name: t('library.bulk.removeFromGroupConfirm') }),
    )
    await waitFor(() =>
      expect(removeItems).toHaveBeenCalledWith({
        data: { groupId: 'music', entryIds: ['entry-1', 'entry-2'] },
      }),
    )
    expect(onClear).toHaveBeenCalledTimes(1)
    expect(
      await screen.findByText(
        t('library.bulk.removedFromGroup.other', { count: '2', group: 'Music' }),
      ),
    ).toBeDefined()
  })

  it('in the library, adds to a group and removes from the library', async () => {
    const { user } = renderBar({ screen: { type: 'library', kind: 'channel' } })
    await user.click(await screen.findByRole('button', { name: t('library.bulk.addToGroup') }))
    const dialog = await screen.findByRole('dialog', {
      name: t('library.bulk.addTitle.other', { count: '2' }),
    })
    // Nothing is disabled outside a group: the selection is in none of them.
    expect(
      within(dialog)
        .getAllByRole<HTMLInputElement>('radio')
        .filter((radio) => radio.disabled),
    ).toEqual([])
    await user.click(within(dialog).getByRole('radio', { name: 'Music' }))
    await user.click(
      within(dialog).getByRole('button', {
        name: t('library.bulk.addConfirm', { group: 'Music' }),
      }),
    )
    await waitFor(() =>
      expect(addItems).toHaveBeenCalledWith({
        data: { groupId: 'music', entryIds: ['entry-1', 'entry-2'] },
      }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.click(button(t('library.bulk.removeFromLibrary')))
    const confirm = await screen.findByRole('alertdialog', {
      name: t('library.bulk.removeFromLibraryTitle.other', { count: '2' }),
    })
    await user.click(
      within(confirm).getByRole('button', { name: t('library.bulk.removeFromLibraryConfirm') }),
    )
    await waitFor(() =>
      expect(removeEntries).toHaveBeenCalledWith({ data: { ids: ['entry-1', 'entry-2'] } }),
    )
  })

  it('in a group shared with the reader, offers only the shared subtree', async () => {
    const shared: SharedTree = {
      groups: [group('music', 'Music', null, 'a0'), group('jazz', 'Jazz', 'music', 'a0')],
      rootId: 'music',
      maxDepth: 5,
    }
    const { user } = renderBar({
      screen: { ...inMusic, shared: true },
      cache: (queryClient) => queryClient.setQueryData(groupKeys.sharedTree('music'), shared),
    })
    await user.click(await screen.findByRole('button', { name: t('library.bulk.move') }))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog)
        .getAllByRole<HTMLInputElement>('radio')
        .map((radio) => radio.value),
    ).toEqual(['music', 'jazz'])
    expect(within(dialog).getByText(t('shared.picker.within', { root: 'Music' }))).toBeDefined()
  })
})
