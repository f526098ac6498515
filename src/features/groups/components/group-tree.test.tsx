import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { I18nProvider } from '~/lib/i18n/i18n-provider'
import { messages } from '~/lib/i18n/messages/en'
import { createTranslator } from '~/lib/i18n/translate'
import { groupNode } from '../../../../tests/support/group-tree-data'
import { foldGroup, getDeletePreview, getGroupTree, moveGroup } from '../groups.functions'
import { groupTreeQuery } from '../groups.queries'
import { encodeGroupTree, type GroupNode, type GroupTree } from '../groups.schemas'
import { keyAfterSibling } from '../positions'
import { childrenOf } from '../tree'
import { GroupDragProvider } from './group-drag-provider'
import { GroupTreeScreen } from './group-tree'

/* The network boundary: every server function the tree screen can call. */
vi.mock('../groups.functions', () => ({
  getGroupTree: vi.fn(),
  getGroupDetail: vi.fn(),
  getSharedTree: vi.fn(),
  getDeletePreview: vi.fn(),
  listActivity: vi.fn(),
  getGroupSettings: vi.fn(),
  createGroup: vi.fn(),
  updateGroup: vi.fn(),
  moveGroup: vi.fn(),
  deleteGroup: vi.fn(),
  foldGroup: vi.fn(),
  foldGroups: vi.fn(),
  updateGroupSettings: vi.fn(),
  addItems: vi.fn(),
  removeItems: vi.fn(),
  moveItems: vi.fn(),
  reorderItem: vi.fn(),
}))
vi.mock('../trash.functions', () => ({}))
vi.mock('../item-undo.functions', () => ({}))

const t = createTranslator(messages)
const group = groupNode

/**
 * Music (folded: Jazz, Rock), News, Tech (open: Phones), Travel. Shown:
 * Music, News, Tech, Phones, Travel.
 */
const initialGroups = (): GroupNode[] => [
  group('music', 'Music', null, 'a0'),
  group('jazz', 'Jazz', 'music', 'a0'),
  group('rock', 'Rock', 'music', 'a1'),
  group('news', 'News', null, 'a1'),
  group('tech', 'Tech', null, 'a2', true),
  group('phones', 'Phones', 'tech', 'a0'),
  group('travel', 'Travel', null, 'a3'),
]

/** What the fake server holds: fold and move change it, and the tree reads it back. */
let server: GroupTree

beforeEach(() => {
  server = {
    groups: initialGroups(),
    settings: {
      defaultIcon: 'emoji:📁',
      defaultColor: 'blue',
      defaultSort: 'manual',
      treeExpanded: false,
      showCounts: false,
    },
    maxDepth: 5,
  }
  vi.mocked(getGroupTree).mockImplementation(async () => new Response(encodeGroupTree(server)))
  vi.mocked(foldGroup).mockImplementation(async ({ data }) => {
    server = {
      ...server,
      groups: server.groups.map((node) =>
        node.id === data.id ? { ...node, expanded: data.expanded } : node,
      ),
    }
    return { id: data.id, expanded: data.expanded }
  })
  vi.mocked(moveGroup).mockImplementation(async ({ data }) => {
    const siblings = childrenOf(server.groups, data.parentId).filter((node) => node.id !== data.id)
    const position = keyAfterSibling(siblings, data.afterId) ?? 'a0'
    const version = data.version + 1
    server = {
      ...server,
      groups: server.groups.map((node) =>
        node.id === data.id ? { ...node, parentId: data.parentId, position, version } : node,
      ),
    }
    return { id: data.id, version, parentId: data.parentId, position }
  })
  vi.mocked(getDeletePreview).mockResolvedValue({ subgroups: 0, items: 0 })
})

afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
})

function renderTreeScreen() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  })
  queryClient.setQueryData(groupTreeQuery().queryKey, server)
  // The dashboard's drag context around the screen, and the group page Enter opens.
  const rootRoute = createRootRoute({
    component: () => (
      <GroupDragProvider>
        <Outlet />
      </GroupDragProvider>
    ),
  })
  const treeRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/dashboard/groups/',
    component: () => <GroupTreeScreen />,
  })
  const groupRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/dashboard/groups/$id/',
    component: () => <h1>Group page</h1>,
  })
  const router = createRouter({
    routeTree: rootRoute.addChildren([treeRoute, groupRoute]),
    history: createMemoryHistory({ initialEntries: ['/dashboard/groups/'] }),
    trailingSlash: 'preserve',
  })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider locale="en" messages={messages}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  return { router, user: userEvent.setup() }
}

const row = (name: string) => screen.getByRole('treeitem', { name })

/** The names of the rows shown, top to bottom. */
const rowNames = () =>
  screen.getAllByRole('treeitem').map((item) => within(item).getByRole('link').textContent)

/** Keyboard users reach the tree from its search box: ArrowDown focuses the first row. */
async function focusFirstRow(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('searchbox', { name: t('groups.tree.search') }))
  await user.keyboard('{ArrowDown}')
  await waitFor(() => expect(document.activeElement).toBe(row('Music')))
}

describe('group tree keyboard', () => {
  it('moves focus through the shown rows with the arrows, Home and End', async () => {
    const { user } = renderTreeScreen()
    await focusFirstRow(user)
    expect(rowNames()).toEqual(['Music', 'News', 'Tech', 'Phones', 'Travel'])

    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(row('News'))
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(document.activeElement).toBe(row('Phones'))
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(row('Travel'))
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(row('Travel'))
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(row('Music'))
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement).toBe(row('Music'))
    // One tab stop: only the focused row is in the tab order.
    expect(screen.getAllByRole('treeitem').filter((item) => item.tabIndex === 0)).toEqual([
      row('Music'),
    ])
  })

  it('unfolds with ArrowRight, enters the children, and goes back up and folds with ArrowLeft', async () => {
    const { user } = renderTreeScreen()
    await focusFirstRow(user)
    expect(row('Music').getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('treeitem', { name: 'Jazz' })).toBeNull()

    await user.keyboard('{ArrowRight}')
    expect(await screen.findByRole('treeitem', { name: 'Jazz' })).toBeDefined()
    expect(row('Music').getAttribute('aria-expanded')).toBe('true')
    await waitFor(() =>
      expect(foldGroup).toHaveBeenCalledWith({ data: { id: 'music', expanded: true } }),
    )
    expect(rowNames()).toEqual(['Music', 'Jazz', 'Rock', 'News', 'Tech', 'Phones', 'Travel'])

    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(row('Jazz'))
    await user.keyboard('{ArrowDown}{ArrowLeft}')
    expect(document.activeElement).toBe(row('Music'))

    await user.keyboard('{ArrowLeft}')
    await waitFor(() => expect(screen.queryByRole('treeitem', { name: 'Jazz' })).toBeNull())
    await waitFor(() =>
      expect(foldGroup).toHaveBeenLastCalledWith({ data: { id: 'music', expanded: false } }),
    )
    expect(row('Music').getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(row('Music'))
  })

  it('jumps to the next row whose name starts with the letters typed together', async () => {
    // Letters typed within half a second search together: the clock is held still, then moved.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2025-06-01T10:00:00Z'))
    const { user } = renderTreeScreen()
    await focusFirstRow(user)

    await user.keyboard('t')
    expect(document.activeElement).toBe(row('Tech'))
    await user.keyboard('r')
    expect(document.activeElement).toBe(row('Travel'))

    vi.setSystemTime(new Date('2025-06-01T10:00:01Z'))
    await user.keyboard('p')
    expect(document.activeElement).toBe(row('Phones'))
    await user.keyboard('x')
    expect(document.activeElement).toBe(row('Phones'))
  })

  it('moves the focused group with Alt+arrows, announces where it went and keeps it focused', async () => {
    const { user } = renderTreeScreen()
    await focusFirstRow(user)

    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    await waitFor(() =>
      expect(moveGroup).toHaveBeenCalledWith({
        data: { id: 'music', version: 1, parentId: null, afterId: 'news' },
      }),
    )
    expect(
      await screen.findByText(
        t('groups.tree.movedTop', { name: 'Music', position: '2', size: '4' }),
      ),
    ).toBeDefined()
    await waitFor(() => expect(rowNames()).toEqual(['News', 'Music', 'Tech', 'Phones', 'Travel']))
    expect(document.activeElement).toBe(row('Music'))

    // Alt+ArrowRight nests it under the group above it (News, which has no children yet).
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}')
    await waitFor(() =>
      expect(moveGroup).toHaveBeenLastCalledWith({
        data: { id: 'music', version: 2, parentId: 'news', afterId: null },
      }),
    )
    await waitFor(() =>
      expect(screen.getByRole('treeitem', { name: 'Music' }).getAttribute('aria-level')).toBe('2'),
    )
    expect(document.activeElement).toBe(row('Music'))
  })

  it('refuses to move while a search hides part of the tree, and says why', async () => {
    const { user } = renderTreeScreen()
    const search = await screen.findByRole('searchbox', { name: t('groups.tree.search') })
    await user.type(search, 'tra')
    await waitFor(() => expect(rowNames()).toEqual(['Travel']))
    await user.keyboard('{ArrowDown}')
    // The match is highlighted inside the name: the one row shown is Travel.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('treeitem')))

    await user.keyboard('{Alt>}{ArrowUp}{/Alt}')
    expect(await screen.findByText(t('groups.tree.clearSearchToMove'))).toBeDefined()
    expect(moveGroup).not.toHaveBeenCalled()
    expect(rowNames()).toEqual(['Travel'])
  })

  it('opens the focused group with Enter and asks before deleting it with Delete', async () => {
    const { user, router } = renderTreeScreen()
    await focusFirstRow(user)
    await user.keyboard('{ArrowDown}{Delete}')
    const dialog = await screen.findByRole('alertdialog', {
      name: t('groups.delete.title', { name: 'News' }),
    })
    await waitFor(() => expect(getDeletePreview).toHaveBeenCalledWith({ data: { id: 'news' } }))
    await user.click(within(dialog).getByRole('button', { name: t('groups.common.cancel') }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())

    await user.click(row('News'))
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { name: 'Group page' })).toBeDefined()
    expect(router.state.location.pathname).toBe('/dashboard/groups/news/')
  })
})
