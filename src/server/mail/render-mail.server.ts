/** A titled list of linked items (a digest's group and its videos). */
export type MailSection = {
  title: string
  link?: { label: string; url: string }
  items: { title: string; detail: string; url: string; imageUrl?: string | null }[]
}

export type MailContent = {
  lang: string
  preheader?: string
  heading: string
  paragraphs: string[]
  sections?: MailSection[]
  action?: { label: string; url: string }
  footer: string
  /** A visible unsubscribe link under the footer (notification mails). */
  unsubscribe?: { label: string; url: string }
}

function sectionHtml(section: MailSection): string {
  const items = section.items
    .map((item) => {
      const image = item.imageUrl
        ? `<td width="120" style="padding:0 12px 12px 0;vertical-align:top"><a href="${escapeHtml(item.url)}"><img src="${escapeHtml(item.imageUrl)}" width="120" alt="" style="display:block;border-radius:6px;width:120px;height:auto"></a></td>`
        : ''
      return `<tr>${image}<td style="padding:0 0 12px;vertical-align:top"><a href="${escapeHtml(item.url)}" style="color:#18181b;font-weight:600;text-decoration:none">${escapeHtml(item.title)}</a><br><span style="font-size:13px;color:#52525b">${escapeHtml(item.detail)}</span></td></tr>`
    })
    .join('')
  const link = section.link
    ? `<p style="margin:0 0 24px"><a href="${escapeHtml(section.link.url)}" style="color:#2563eb">${escapeHtml(section.link.label)}</a></p>`
    : ''
  return `<h2 style="margin:24px 0 12px;font-size:17px">${escapeHtml(section.title)}</h2><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${items}</table>${link}`
}

function sectionText(section: MailSection): string[] {
  return [
    section.title,
    ...section.items.flatMap((item) => [`- ${item.title} (${item.detail})`, `  ${item.url}`]),
    ...(section.link ? [`${section.link.label}: ${section.link.url}`] : []),
    '',
  ]
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
  const sections = (content.sections ?? []).map(sectionHtml).join('')
  const unsubscribe = content.unsubscribe
    ? `<p style="margin:8px 0 0;font-size:12px"><a href="${escapeHtml(content.unsubscribe.url)}" style="color:#71717a">${escapeHtml(content.unsubscribe.label)}</a></p>`
    : ''
  const html = `<!doctype html><html lang="${escapeHtml(content.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.heading)}</title></head><body style="margin:0;background:#f4f4f5;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#18181b">${content.preheader ? `<div style="display:none">${escapeHtml(content.preheader)}</div>` : ''}<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px"><table role="presentation" width="100%" style="max-width:560px;background:#fff;border-radius:12px;padding:32px"><tr><td><p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#2563eb">Tubefold</p><h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.heading)}</h1>${paragraphs}${sections}${action}<p style="margin:32px 0 0;font-size:12px;color:#71717a">${escapeHtml(content.footer)}</p>${unsubscribe}</td></tr></table></td></tr></table></body></html>`
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.sections ?? []).flatMap(sectionText),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '--',
    content.footer,
    ...(content.unsubscribe ? [`${content.unsubscribe.label}: ${content.unsubscribe.url}`] : []),
  ].join('\n')
  return { html, text }
}
