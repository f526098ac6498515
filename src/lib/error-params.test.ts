import { describe, expect, it } from 'vitest'
import { displayParams } from './error-params'

describe('displayParams', () => {
  it('shows an ISO instant as a date and time in the reader’s language and zone', () => {
    const params = { at: '2026-11-27T08:00:00.000Z', seconds: 3 }
    expect(displayParams(params, 'en-US', 'America/Los_Angeles')).toEqual({
      at: 'Nov 27, 2026, 12:00 AM',
      seconds: 3,
    })
    expect(displayParams(params, 'pt-BR', 'America/Sao_Paulo').at).toBe('27 de nov. de 2026, 05:00')
  })

  it('leaves params without a readable `at` alone', () => {
    expect(displayParams({ time: 'x' }, 'en-US')).toEqual({ time: 'x' })
    expect(displayParams({ at: 'soon' }, 'en-US')).toEqual({ at: 'soon' })
  })
})
