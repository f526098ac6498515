import { expect, it } from 'vitest'
import { loadMessages, rememberMessages } from './load-messages'
import { messages as en } from './messages/en'

it('loads each language from its own chunk', async () => {
  expect(await loadMessages('pt')).toBe((await import('./messages/pt')).messages)
  expect(await loadMessages('en')).toBe(en)
})

it('hands back the dictionary the page was hydrated with instead of importing it again', async () => {
  const hydrated = { ...en }
  rememberMessages('es', hydrated)
  expect(await loadMessages('es')).toBe(hydrated)
})
