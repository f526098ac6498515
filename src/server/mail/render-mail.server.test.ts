import { describe, expect, it } from 'vitest'
import { escapeHtml, type MailContent, renderMail } from './render-mail.server'

const EVIL = `<script>alert("x")</script> & 'quoted'`
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;'

const content: MailContent = {
  lang: 'pt-BR',
  preheader: 'A short preview',
  heading: 'Confirm your email',
  paragraphs: ['First paragraph.', 'Second line one\nSecond line two'],
  action: { label: 'Confirm', url: 'https://tubefold.example/confirm?a=1&b=2' },
  footer: 'Nested groups for YouTube.',
}

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(EVIL)).toBe(ESCAPED)
    expect(escapeHtml('plain text')).toBe('plain text')
  })
})

describe('renderMail', () => {
  it('renders the HTML with every part of the content', () => {
    const { html } = renderMail(content)
    expect(html).toMatch(/^<!doctype html><html lang="pt-BR">/)
    expect(html).toContain('<title>Confirm your email</title>')
    expect(html).toContain('A short preview')
    expect(html).toContain('>Confirm your email</h1>')
    expect(html).toContain('First paragraph.')
    expect(html).toContain('Second line one<br>Second line two')
    expect(html).toContain('href="https://tubefold.example/confirm?a=1&amp;b=2"')
    expect(html).toContain('>Confirm</a>')
    expect(html).toContain('Nested groups for YouTube.')
  })

  it.each([
    ['lang', { lang: EVIL }],
    ['preheader', { preheader: EVIL }],
    ['heading', { heading: EVIL }],
    ['paragraph', { paragraphs: ['ok', EVIL] }],
    ['action label', { action: { label: EVIL, url: 'https://tubefold.example/' } }],
    ['action url', { action: { label: 'Go', url: `https://tubefold.example/?q=${EVIL}` } }],
    ['footer', { footer: EVIL }],
  ])('escapes HTML in the %s', (_field, override: Partial<MailContent>) => {
    const { html } = renderMail({ ...content, ...override })
    expect(html).not.toContain('<script>')
    expect(html).not.toContain(`"x"`)
    expect(html).not.toContain("'quoted'")
    expect(html).toContain(ESCAPED)
  })

  it('has a plain-text twin with the same content, unescaped', () => {
    const { text } = renderMail({ ...content, paragraphs: ['Hi <b>you</b> & co', 'Bye'] })
    expect(text).toBe(
      [
        'Confirm your email',
        '',
        'Hi <b>you</b> & co',
        '',
        'Bye',
        '',
        'Confirm: https://tubefold.example/confirm?a=1&b=2',
        '',
        '--',
        'Nested groups for YouTube.',
      ].join('\n'),
    )
  })

  it('leaves out the action and preheader when there are none', () => {
    const { html, text } = renderMail({
      lang: 'en',
      heading: 'Receipt',
      paragraphs: ['Thanks.'],
      footer: 'Footer',
    })
    expect(html).not.toContain('<a ')
    expect(html).not.toContain('display:none')
    expect(text).toBe(['Receipt', '', 'Thanks.', '', '--', 'Footer'].join('\n'))
  })
})
