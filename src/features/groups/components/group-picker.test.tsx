import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type ReactNode, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { I18nProvider } from '~/lib/i18n/i18n-provider'
import { messages } from '~/lib/i18n/messages/en'
import { createTranslator } from '~/lib/i18n/translate'
import { groupNode } from '../../../../tests/support/group-tree-data'
import { groupTreeQuery } from '../groups.queries'
import type { GroupNode, GroupTree } from '../groups.schemas'
import { GroupPicker } from './group-picker'

/* The picker reads what it is given or the cached tree: any server call would fail here. */
vi.mock('../groups.functions', () => ({}))

const t = createTranslator(messages)
const group = groupNode

/** Music (folded: Jazz), News, Tech (open: Phones). */
const nodes: GroupNode[] = [
  group('music', 'Music', null, 'a0'),
  group('jazz', 'Jazz', 'music', 'a0'),
  group('news', 'News', null, 'a1'),
  group('tech', 'Tech', null, 'a2', true),
  group('phones', 'Phones', 'tech', 'a0'),
]

function renderWithProviders(ui: ReactNode, tree?: GroupTree) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  })
  if (tree) queryClient.setQueryData(groupTreeQuery().queryKey, tree)
  const { unmount } = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider locale="en" messages={messages}>
        {ui}
      </I18nProvider>
    </QueryClientProvider>,
  )
  return { user: userEvent.setup(), unmount }
}

/** The picker is controlled: its parent keeps the value, as every form using it does. */
function SinglePicker(props: {
  initial: string | null
  onChange: (id: string | null) => void
  disabledIds?: string[]
}) {
  const [value, setValue] = useState(props.initial)
  return (
    <GroupPicker
      mode="single"
      label="New parent"
      nodes={nodes}
      value={value}
      onChange={(id) => {
        props.onChange(id)
        setValue(id)
      }}
      disabledIds={props.disabledIds}
      topLevelLabel={t('groups.picker.topLevel')}
    />
  )
}

function MultiPicker(props: { onChange: (ids: string[]) => void; tree?: boolean }) {
  const [value, setValue] = useState<string[]>([])
  return (
    <GroupPicker
      mode="multi"
      label="Groups"
      nodes={props.tree ? undefined : nodes}
      value={value}
      onChange={(ids) => {
        props.onChange(ids)
        setValue(ids)
      }}
    />
  )
}

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name })
const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name })
/** The ids of the choices shown, top to bottom ('' is the top level). */
const shownIds = (role: 'radio' | 'checkbox') =>
  screen.getAllByRole<HTMLInputElement>(role).map((input) => input.value)

afterEach(() => {
  vi.clearAllMocks()
})

describe('GroupPicker', () => {
  it('chooses one group, or the top level, but never a disabled group', async () => {
    const onChange = vi.fn()
    const { user } = renderWithProviders(
      <SinglePicker initial={null} onChange={onChange} disabledIds={['news']} />,
    )
    expect(screen.getByRole('group', { name: 'New parent' })).toBeDefined()
    expect(radio(t('groups.picker.topLevel')).checked).toBe(true)

    await user.click(radio('Phones in Tech'))
    expect(onChange).toHaveBeenLastCalledWith('phones')
    expect(radio('Phones in Tech').checked).toBe(true)
    expect(radio(t('groups.picker.topLevel')).checked).toBe(false)

    expect(radio('News').disabled).toBe(true)
    await user.click(radio('News'))
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(radio('News').checked).toBe(false)

    await user.click(radio(t('groups.picker.topLevel')))
    expect(onChange).toHaveBeenLastCalledWith(null)
    expect(radio('Phones in Tech').checked).toBe(false)
  })

  it('shows folded groups closed, except along the path to the chosen group', () => {
    const first = renderWithProviders(<SinglePicker initial={null} onChange={vi.fn()} />)
    expect(shownIds('radio')).toEqual(['', 'music', 'news', 'tech', 'phones'])
    expect(screen.queryByRole('radio', { name: 'Jazz in Music' })).toBeNull()
    first.unmount()

    renderWithProviders(<SinglePicker initial="jazz" onChange={vi.fn()} />)
    expect(shownIds('radio')).toEqual(['', 'music', 'jazz', 'news', 'tech', 'phones'])
    expect(radio('Jazz in Music').checked).toBe(true)
  })

  it('ticks and unticks any number of groups', async () => {
    const onChange = vi.fn()
    const { user } = renderWithProviders(<MultiPicker onChange={onChange} />)
    expect(screen.getByRole('group', { name: 'Groups' })).toBeDefined()

    await user.click(checkbox('News'))
    await user.click(checkbox('Phones in Tech'))
    expect(onChange).toHaveBeenLastCalledWith(['news', 'phones'])
    await user.click(checkbox('News'))
    expect(onChange).toHaveBeenLastCalledWith(['phones'])
    expect(checkbox('News').checked).toBe(false)
    expect(checkbox('Phones in Tech').checked).toBe(true)
  })

  it('moves between the checkboxes with the arrow keys, from the search box down', async () => {
    const onChange = vi.fn()
    const { user } = renderWithProviders(<MultiPicker onChange={onChange} />)
    await user.click(screen.getByRole('searchbox', { name: t('groups.picker.search') }))
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(checkbox('Music'))
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(document.activeElement).toBe(checkbox('News')))
    await user.keyboard('{ArrowDown}{ArrowDown}')
    await waitFor(() => expect(document.activeElement).toBe(checkbox('Phones in Tech')))
    await user.keyboard('{ArrowUp}')
    await waitFor(() => expect(document.activeElement).toBe(checkbox('Tech')))
    await user.keyboard(' ')
    expect(onChange).toHaveBeenLastCalledWith(['tech'])
  })

  it('finds groups by name, with their ancestors, and says when nothing matches', async () => {
    const { user } = renderWithProviders(<MultiPicker onChange={vi.fn()} />)
    const search = screen.getByRole('searchbox', { name: t('groups.picker.search') })

    await user.type(search, 'jazz')
    await waitFor(() => expect(shownIds('checkbox')).toEqual(['music', 'jazz']))
    expect(screen.getByText('Jazz', { selector: 'mark' })).toBeDefined()

    await user.clear(search)
    await user.type(search, 'zzz')
    expect(await screen.findByText(t('groups.picker.noMatch', { query: 'zzz' }))).toBeDefined()
    expect(screen.queryAllByRole('checkbox')).toEqual([])

    await user.keyboard('{Escape}')
    await waitFor(() => expect(shownIds('checkbox')).toEqual(['music', 'news', 'tech', 'phones']))
  })

  it('offers the signed-in user’s cached tree when given no groups', async () => {
    const onChange = vi.fn()
    const tree: GroupTree = {
      groups: [group('cats', 'Cats', null, 'a0'), group('dogs', 'Dogs', null, 'a1')],
      settings: {
        defaultIcon: 'emoji:📁',
        defaultColor: 'blue',
        defaultSort: 'manual',
        treeExpanded: false,
        showCounts: true,
      },
      maxDepth: 5,
    }
    const { user } = renderWithProviders(<MultiPicker onChange={onChange} tree />, tree)
    expect(shownIds('checkbox')).toEqual(['cats', 'dogs'])
    await user.click(checkbox('Dogs'))
    expect(onChange).toHaveBeenLastCalledWith(['dogs'])
  })
})
