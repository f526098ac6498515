import { describe, expect, it } from 'vitest'
import { GROUP_DEPTH_MAX } from '~/config/product'
import { type ExistingGroup, planImport, toPreviewGroup } from './import-plan'
import type { ImportGroup, ImportItemRef, ImportModel } from './transfer.schemas'

/* The plan alone: no database, existing trees written out by hand. */

const ref = (key: string): ImportItemRef => ({ kind: 'channel', key })

function folder(name: string, items: string[] = [], groups: ImportGroup[] = []): ImportGroup {
  return { name, description: '', icon: null, color: null, groups, items: items.map(ref) }
}

function model(groups: ImportGroup[], ungrouped: string[] = []): ImportModel {
  return {
    format: 'opml',
    groups,
    ungrouped: ungrouped.map(ref),
    channels: [],
    animes: [],
    problems: [],
  }
}

function existing(id: string, name: string, parentId: string | null = null): ExistingGroup {
  return { id, parentId, name, nameKey: name.toLowerCase(), position: 'a0' }
}

function counter() {
  let next = 0
  return () => {
    next += 1
    return `new-${next}`
  }
}

const TOP = { id: null, depth: 0 }

describe('planImport', () => {
  it('merges a same-named sibling at any depth, and the file’s own repeats into one group', () => {
    const tree = [existing('music', 'Music'), existing('rock', 'rock', 'music')]
    const file = model([
      folder('MUSIC', ['a'], [folder('Rock', ['b']), folder('Jazz')]),
      folder('music', ['c']),
    ])
    const plan = planImport(file, tree, TOP, 'merge', counter())
    expect(plan.nodes.map((node) => [node.fileName, node.name, node.merged])).toEqual([
      ['MUSIC', 'Music', true],
      ['Rock', 'rock', true],
      ['Jazz', 'Jazz', false],
    ])
    expect(plan.root.children.map(toPreviewGroup)).toMatchObject([
      { name: 'MUSIC', exists: true, itemCount: 2, groups: [{ name: 'Rock' }, { name: 'Jazz' }] },
    ])
  })

  it('creates groups under free names when asked not to merge', () => {
    const tree = [existing('music', 'Music'), existing('music-2', 'Music (2)')]
    const plan = planImport(model([folder('music'), folder('MUSIC')]), tree, TOP, 'new', counter())
    expect(plan.nodes.map((node) => [node.name, node.exists, node.own.id])).toEqual([
      ['music (3)', true, 'new-1'],
      ['MUSIC (4)', true, 'new-2'],
    ])
  })

  it('folds levels past the depth limit into the deepest allowed group, reporting each', () => {
    const plan = planImport(
      model([folder('Top', ['a'], [folder('Middle', ['b'], [folder('Bottom', ['c'])])])]),
      [existing('deep', 'Deep')],
      { id: 'deep', depth: GROUP_DEPTH_MAX - 1 },
      'merge',
      counter(),
    )
    expect(plan.nodes.map((node) => node.name)).toEqual(['Top'])
    expect(plan.nodes[0]?.own.items.map((item) => item.key)).toEqual(['a', 'b', 'c'])
    expect(plan.tooDeep.map((problem) => problem.input)).toEqual([
      'Top / Middle',
      'Top / Middle / Bottom',
    ])
  })

  it('puts ungrouped items into a chosen group only', () => {
    const file = model([], ['a', 'b'])
    expect(planImport(file, [], TOP, 'merge', counter()).root.items).toEqual([])
    const inbox = planImport(
      file,
      [existing('inbox', 'Inbox')],
      { id: 'inbox', depth: 1 },
      'merge',
      counter(),
    )
    expect(inbox.root.items.map((item) => item.key)).toEqual(['a', 'b'])
  })
})
