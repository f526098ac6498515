export type MailContent = {
  lang: string
  preheader?: string
  heading: string
  paragraphs: string[]
  action?: { label: string; url: string }
  footer: string
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

/** Branded HTML with a plain-text twin; every interpolated value is escaped. */
export function renderMail(content: MailContent): { html: string; text: string } {
  const paragraphs = content.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`,
    )
    .join('')
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#52525b;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : ''
  const html = `<!doctype html><html lang="${escapeHtml(content.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.heading)}</title></head><body style="margin:0;background:#f4f4f5;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#18181b">${content.preheader ? `<div style="display:none">${escapeHtml(content.preheader)}</div>` : ''}<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px"><table role="presentation" width="100%" style="max-width:560px;background:#fff;border-radius:12px;padding:32px"><tr><td><p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#2563eb">Tubefold</p><h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.heading)}</h1>${paragraphs}${action}<p style="margin:32px 0 0;font-size:12px;color:#71717a">${escapeHtml(content.footer)}</p></td></tr></table></td></tr></table></body></html>`
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '--',
    content.footer,
  ].join('\n')
  return { html, text }
}
