import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { pageScripts, report, shippedJs, staticImports } from './landing-js.ts'

describe('pageScripts', () => {
  it('takes module scripts and modulepreload links, not other links or inline scripts', () => {
    const html = [
      '<link rel="modulepreload" href="/assets/a-1.js">',
      '<link rel="stylesheet" href="/assets/app.css">',
      '<link rel="preload" href="/assets/font.woff2">',
      '<script nonce="x">window.$_TSR = {}</script>',
      '<script type="module" async="" src="/assets/entry-2.js" nonce="x"></script>',
      '<link rel="modulepreload" href="http://127.0.0.1:3000/assets/a-1.js">',
    ].join('')
    expect(pageScripts(html, 'http://127.0.0.1:3000')).toEqual([
      '/assets/a-1.js',
      '/assets/entry-2.js',
    ])
  })
})

describe('staticImports', () => {
  it('finds static imports and re-exports but never a dynamic import()', () => {
    const code =
      'import{a as b}from"./one.js";import"./two.js";export{c}from"./three.js";' +
      'const icons=()=>import("./lazy.js");__vitePreload(()=>import("./also-lazy.js"),[]);' +
      'import*as z from"/assets/four.js";'
    expect(staticImports(code).sort()).toEqual([
      './one.js',
      './three.js',
      './two.js',
      '/assets/four.js',
    ])
  })

  it('ignores bare specifiers and words that merely end in import', () => {
    expect(staticImports('import{x}from"react";reimport"./no.js"')).toEqual([])
  })
})

describe('shippedJs', () => {
  const files: Record<string, string> = {
    '/assets/entry.js': 'import{a}from"./shared.js";const l=()=>import("./lazy.js");',
    '/assets/page.js': 'import"./shared.js";',
    '/assets/shared.js': Array.from(
      { length: 300 },
      (_, i) => `export const a${i}=${i * 7919};`,
    ).join(''),
    '/assets/lazy.js': 'export const big="x";'.repeat(1000),
  }
  const read = (path: string) => {
    const body = files[path]
    if (body === undefined) throw new Error(`unexpected read of ${path}`)
    return Buffer.from(body)
  }

  it('counts the page, its static imports once each, and not what loads on demand', () => {
    const js = shippedJs(['/assets/entry.js', '/assets/page.js'], read)
    expect(js.files.map((file) => [file.path, file.via])).toEqual([
      ['/assets/entry.js', 'page'],
      ['/assets/page.js', 'page'],
      ['/assets/shared.js', 'import'],
    ])
    const expected = ['/assets/entry.js', '/assets/page.js', '/assets/shared.js'].reduce(
      (sum, path) => sum + gzipSync(read(path), { level: 9 }).length,
      0,
    )
    expect(js.gzipBytes).toBe(expected)
  })

  it('reports the total against the ceiling and the budget, largest file first', () => {
    const text = report(shippedJs(['/assets/entry.js', '/assets/page.js'], read), 150 * 1024)
    const lines = text.split('\n')
    expect(lines[0]).toContain('/assets/shared.js')
    expect(lines.at(-1)).toMatch(
      /^JS preloaded by \/: .* in 3 files; ceiling 150\.0 KiB; budget 150\.0 KiB \(0\.01× of it\)$/,
    )
  })
})
