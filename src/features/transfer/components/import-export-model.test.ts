import { describe, expect, it } from 'vitest'
import { acceptedFormatNames, formatName } from '~/config/formats'
import { AppError } from '~/lib/app-error'
import { messages as en } from '~/lib/i18n/messages/en'
import {
  IMPORT_MAX_BYTES,
  IMPORT_PROBLEM_CODES,
  type ImportPreviewGroup,
  type ImportStatus,
} from '../transfer.schemas'
import {
  countOutcomes,
  exportHref,
  fileSizeError,
  flattenPreviewGroups,
  groupOutcome,
  importProgress,
  isImportRunning,
  PROBLEM_MESSAGES,
  problemPlace,
  recentImports,
} from './import-export-model'

const group = (
  name: string,
  groups: ImportPreviewGroup[] = [],
  exists = false,
): ImportPreviewGroup => ({ name, icon: null, color: null, itemCount: 1, exists, groups })

const status = (overrides: Partial<ImportStatus>): ImportStatus => ({
  importId: 'id',
  state: 'done',
  format: 'plain',
  fileName: null,
  done: 0,
  total: 0,
  result: null,
  pendingLeft: 0,
  error: null,
  errorParams: {},
  createdAt: '2024-06-01T10:00:00.000Z',
  updatedAt: '2024-06-01T10:00:00.000Z',
  ...overrides,
})

describe('problems', () => {
  it('has one distinct, existing message per problem code', () => {
    const keys = IMPORT_PROBLEM_CODES.map((code) => PROBLEM_MESSAGES[code])
    expect(new Set(keys).size).toBe(IMPORT_PROBLEM_CODES.length)
    for (const key of keys) expect(en[key]).toBeTruthy()
    expect(en[PROBLEM_MESSAGES.notChannel]).toBe('not a channel URL')
  })

  it('numbers text formats by line, structured ones by entry, and the file as a whole', () => {
    expect(problemPlace({ line: 17 }, 'plain')).toEqual({
      key: 'transfer.problem.line',
      params: { line: 17 },
    })
    expect(problemPlace({ line: 3 }, 'takeout-csv').key).toBe('transfer.problem.line')
    expect(problemPlace({ line: 9 }, 'opml').key).toBe('transfer.problem.line')
    expect(problemPlace({ line: 2 }, 'piped').key).toBe('transfer.problem.entry')
    expect(problemPlace({ line: 3 }, 'newpipe-zip')).toEqual({
      key: 'transfer.problem.entry',
      params: { line: 3 },
    })
    expect(problemPlace({ line: null }, 'plain')).toEqual({
      key: 'transfer.problem.file',
      params: {},
    })
  })
})

describe('formats', () => {
  it('names products as they are and translates only the plain list', () => {
    expect(formatName('newpipe-zip', 'a list of links')).toBe('NewPipe (ZIP)')
    expect(formatName('plain', 'uma lista de links')).toBe('uma lista de links')
  })

  it('lists each product once, then the plain list', () => {
    const names = acceptedFormatNames('a list of links')
    expect(names.filter((name) => name === 'Google Takeout')).toHaveLength(1)
    expect(names.filter((name) => name === 'NewPipe')).toHaveLength(1)
    expect(names).toContain('OPML')
    expect(names.at(-1)).toBe('a list of links')
    expect(names.some((name) => name.includes('('))).toBe(false)
  })

  it('refuses files above the limit with the server’s error', () => {
    expect(fileSizeError(IMPORT_MAX_BYTES)).toBeNull()
    const error = fileSizeError(IMPORT_MAX_BYTES + 1)
    expect(error).toBeInstanceOf(AppError)
    expect(error?.code).toBe('IMPORT_TOO_LARGE')
    expect(error?.params).toEqual({ max: 10 })
  })
})

describe('flattenPreviewGroups', () => {
  const tree = [
    group('Tech', [group('Reviews', [group('Phones')]), group('News')]),
    group('Cooking'),
  ]

  it('walks depth-first in file order with depth and ancestor path', () => {
    const { rows, total } = flattenPreviewGroups(tree)
    expect(total).toBe(5)
    expect(rows.map((row) => [row.group.name, row.depth, row.path.join('/')])).toEqual([
      ['Tech', 1, ''],
      ['Reviews', 2, 'Tech'],
      ['Phones', 3, 'Tech/Reviews'],
      ['News', 2, 'Tech'],
      ['Cooking', 1, ''],
    ])
    expect(new Set(rows.map((row) => row.id)).size).toBe(5)
  })

  it('stops at the limit but still counts every group', () => {
    const { rows, total } = flattenPreviewGroups(tree, 2)
    expect(rows.map((row) => row.group.name)).toEqual(['Tech', 'Reviews'])
    expect(total).toBe(5)
  })

  it('handles an empty tree', () => {
    expect(flattenPreviewGroups([])).toEqual({ rows: [], total: 0 })
  })
})

describe('group outcomes', () => {
  it('merges or copies existing names, creates the rest', () => {
    expect(groupOutcome({ exists: true }, 'merge')).toBe('merge')
    expect(groupOutcome({ exists: true }, 'new')).toBe('copy')
    expect(groupOutcome({ exists: false }, 'merge')).toBe('new')
  })

  it('counts them over the whole tree', () => {
    const tree = [group('A', [group('B', [], true), group('C')], true), group('D')]
    expect(countOutcomes(tree, 'merge')).toEqual({ created: 2, merged: 2 })
    expect(countOutcomes(tree, 'new')).toEqual({ created: 4, merged: 0 })
  })
})

describe('importProgress', () => {
  it('counts channels looked up while resolving', () => {
    expect(importProgress({ state: 'resolving', done: 1234, total: 5000 })).toEqual({
      key: 'transfer.progress.resolving',
      params: { done: 1234, total: 5000 },
      value: 1234,
      max: 5000,
    })
  })

  it('never reports more than the total', () => {
    const progress = importProgress({ state: 'resolving', done: 12, total: 10 })
    expect(progress.value).toBe(10)
    expect(progress.params).toEqual({ done: 10, total: 10 })
  })

  it('fills the bar while saving and is empty while queued', () => {
    expect(importProgress({ state: 'applying', done: 0, total: 0 })).toMatchObject({
      key: 'transfer.progress.applying',
      value: 1,
      max: 1,
    })
    expect(importProgress({ state: 'queued', done: 0, total: 40 })).toMatchObject({
      key: 'transfer.progress.queued',
      value: 0,
      max: 40,
    })
  })

  it('knows which states are still running', () => {
    expect(isImportRunning('queued')).toBe(true)
    expect(isImportRunning('applying')).toBe(true)
    expect(isImportRunning('preview')).toBe(false)
    expect(isImportRunning('done')).toBe(false)
    expect(isImportRunning('cancelled')).toBe(false)
  })
})

describe('recentImports', () => {
  it('lists finished imports newest first, leaving out previews, running and shown ones', () => {
    const list = [
      status({ importId: 'old', createdAt: '2024-05-01T00:00:00.000Z' }),
      status({ importId: 'new', state: 'failed', createdAt: '2024-06-02T00:00:00.000Z' }),
      status({ importId: 'preview', state: 'preview' }),
      status({ importId: 'running', state: 'resolving' }),
      status({ importId: 'shown' }),
    ]
    expect(recentImports(list, new Set(['shown'])).map((item) => item.importId)).toEqual([
      'new',
      'old',
    ])
    expect(recentImports(list, new Set(), 1)).toHaveLength(1)
  })
})

describe('exportHref', () => {
  it('points at the export route, with the group only when there is one', () => {
    expect(exportHref('opml', null)).toBe('/api/export?format=opml')
    expect(exportHref('tubefold', '0b7c5c2e-4f1a-4b8e-9d0a-1c2b3d4e5f60')).toBe(
      '/api/export?format=tubefold&groupId=0b7c5c2e-4f1a-4b8e-9d0a-1c2b3d4e5f60',
    )
  })
})
