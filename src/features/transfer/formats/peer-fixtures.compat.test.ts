import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { AppError } from '~/lib/app-error'
import type { ImportGroup, ImportItemRef, ImportModel } from '../transfer.schemas'
import { parseImport } from './parse-import'
import { EXPECTED, type Members, type Tree } from './peer-fixtures.expected'

/*
 * Every file the peers write (../shared/fixtures/peers, see its PROVENANCE.md)
 * through the upload entry point, held to what the file really holds. The
 * expectations (peer-fixtures.expected.ts) are counted from PROVENANCE.md and
 * the files, never copied from the parser. A file without a row fails: a new
 * fixture is never ignored.
 */

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..')
const DIR = process.env.PEER_FIXTURES_DIR ?? resolve(REPO_ROOT, '../shared/fixtures/peers')
/** The folder's own notes, not files a peer wrote. */
const NOT_FIXTURES = new Set(['PROVENANCE.md', 'derive.py'])

function fixtureNames(): string[] {
  if (!existsSync(DIR)) {
    throw new Error(
      `Peer fixtures not found at ${DIR} (set PEER_FIXTURES_DIR or put them in ../shared/fixtures/peers)`,
    )
  }
  return readdirSync(DIR, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !NOT_FIXTURES.has(entry.name))
    .map((entry) => entry.name)
    .sort()
}

async function parseFixture(name: string): Promise<ImportModel> {
  return parseImport(new Uint8Array(readFileSync(resolve(DIR, name))), name)
}

/** A channel item as its YouTube id (every fixture names channels by id). */
function idsOf(model: ImportModel, items: readonly ImportItemRef[]): string[] {
  return items.map((item) => {
    const channel = model.channels.find((entry) => entry.key === item.key)
    return channel?.ref.kind === 'id' ? channel.ref.id : `${item.kind}:${item.key}`
  })
}

function isList(members: Members): members is readonly string[] {
  return Array.isArray(members)
}

function expectMembers(actual: string[], expected: Members, where: string): void {
  if (isList(expected)) {
    expect(actual, where).toEqual(expected)
    return
  }
  const { count, first, last } = expected
  expect(actual.length, where).toBe(count)
  expect(actual[0], where).toBe(first)
  expect(actual.at(-1), where).toBe(last)
  expect(new Set(actual).size, `${where}: each channel once`).toBe(count)
}

function expectTree(
  model: ImportModel,
  actual: readonly ImportGroup[],
  expected: readonly Tree[],
  path: string,
): void {
  expect(
    actual.map((group) => group.name),
    `groups of ${path}`,
  ).toEqual(expected.map((group) => group.name))
  expected.forEach((tree, index) => {
    const group = actual[index]
    if (group === undefined) return
    const where = `${path} › ${tree.name}`
    expectMembers(idsOf(model, group.items), tree.items, where)
    expectTree(model, group.groups, tree.groups ?? [], where)
  })
}

describe('peer fixtures (../shared/fixtures/peers)', () => {
  const names = fixtureNames()

  it('has an expectation for every file in the folder, and a file for every expectation', () => {
    expect(names.filter((name) => !(name in EXPECTED))).toEqual([])
    expect(Object.keys(EXPECTED).filter((name) => !names.includes(name))).toEqual([])
  })

  it.each(names)('%s imports as its PROVENANCE.md row says', async (name) => {
    const expected = EXPECTED[name]
    if (expected === undefined) throw new Error(`${name}: no expectation row in this test`)
    if ('empty' in expected) {
      // An empty library says so (IMPORT_EMPTY), never an empty preview.
      const failure = await parseFixture(name).then(
        () => null,
        (error: unknown) => error,
      )
      expect(failure).toBeInstanceOf(AppError)
      expect(failure instanceof AppError ? failure.code : null).toBe('IMPORT_EMPTY')
      return
    }
    const model = await parseFixture(name)
    expect(model.format).toBe(expected.format)
    expect(model.channels).toHaveLength(expected.channels)
    expect(model.animes).toEqual([])
    expectTree(model, model.groups, expected.groups, name)
    expectMembers(idsOf(model, model.ungrouped), expected.ungrouped, `${name} › ungrouped`)
    expect(model.problems).toEqual(expected.problems)
    for (const [id, title] of Object.entries(expected.titles ?? {})) {
      const channel = model.channels.find((entry) => entry.ref.kind === 'id' && entry.ref.id === id)
      expect(channel?.title, `${name}: title of ${id}`).toBe(title)
    }
  })
})
