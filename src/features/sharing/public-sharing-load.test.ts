import { describe, expect, it } from 'vitest'
import { AppError } from '~/lib/app-error'
import { shareLinkUrl } from './components/share-labels'
import { loadPublicSharing } from './public-sharing-load'

describe('loadPublicSharing', () => {
  it('passes the preview through when it loads', async () => {
    await expect(
      loadPublicSharing(Promise.resolve({ name: 'A' }), 'SHARE_LINK_UNAVAILABLE'),
    ).resolves.toEqual({
      state: 'ready',
      data: { name: 'A' },
    })
  })

  it.each([
    ['the page’s own refusal', new AppError('SHARE_LINK_UNAVAILABLE')],
    ['its serialised form', { code: 'SHARE_LINK_UNAVAILABLE', params: {} }],
    ['a validation failure', new AppError('VALIDATION')],
  ])('shows "not available" for %s', async (_name, error) => {
    await expect(
      loadPublicSharing(Promise.reject(error), 'SHARE_LINK_UNAVAILABLE'),
    ).resolves.toEqual({
      state: 'unavailable',
    })
  })

  it('asks a guest to sign in when the server needs a session', async () => {
    await expect(
      loadPublicSharing(Promise.reject(new AppError('UNAUTHENTICATED')), 'SHARE_LINK_UNAVAILABLE'),
    ).resolves.toEqual({ state: 'signIn' })
  })

  it('keeps other errors as errors (another page’s refusal, a crash)', async () => {
    const other = new AppError('INVITATION_UNAVAILABLE')
    await expect(loadPublicSharing(Promise.reject(other), 'SHARE_LINK_UNAVAILABLE')).rejects.toBe(
      other,
    )
    const crash = new Error('boom')
    await expect(loadPublicSharing(Promise.reject(crash), 'INVITATION_UNAVAILABLE')).rejects.toBe(
      crash,
    )
  })
})

describe('shareLinkUrl', () => {
  it('builds the seed’s /share/{type}/{id}/ URL with the permission', () => {
    expect(shareLinkUrl('https://tubefold.example', 'AbCdEfGhIjKlMnOpQrSt_-', 'edit')).toBe(
      'https://tubefold.example/share/group/AbCdEfGhIjKlMnOpQrSt_-/?permission=edit',
    )
  })
})
