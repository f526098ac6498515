import { describe, expect, it } from 'vitest'
import { decodeNodes, encodePayload, WireError } from './server-fn-client'

describe('the soak’s server-function codec', () => {
  it('sends a payload byte for byte as seroval’s toJSONAsync({ data }) does', () => {
    // Printed by seroval 1.8.1 (the version TanStack Start's client uses here) for the same value.
    const seroval =
      '{"t":{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":10,"i":1,"p":{"k":["name","n","t","nil","arr","u"],"v":[{"t":1,"s":"A \\\\\\"b\\\\\\"\\\\n"},{"t":0,"s":1},{"t":2,"s":2},{"t":2,"s":0},{"t":9,"i":2,"a":[{"t":1,"s":"a"}],"o":0},{"t":2,"s":1}]},"o":0}]},"o":0},"f":127,"m":[]}'
    const payload = encodePayload({
      name: 'A "b"\n',
      n: 1,
      t: true,
      nil: null,
      arr: ['a'],
      u: undefined,
    })
    expect(payload).toBe(seroval)
    expect(decodeNodes(JSON.parse(payload).t)).toEqual({
      data: { name: 'A "b"\n', n: 1, t: true, nil: null, arr: ['a'], u: undefined },
    })
  })

  it('reads an AppError answer as its code', () => {
    const answer = JSON.parse(
      '{"t":10,"i":0,"p":{"k":["error"],"v":[{"t":25,"i":1,"s":{"v":{"t":10,"i":2,"p":{"k":["code","params"],"v":[{"t":1,"s":"GROUP_NAME_TAKEN"},{"t":10,"i":3,"p":{"k":[],"v":[]},"o":0}]},"o":0}},"c":"$TSR/t/tubefold-app-error"}]},"o":0}',
    )
    expect(decodeNodes(answer)).toEqual({
      error: new WireError('GROUP_NAME_TAKEN', 'GROUP_NAME_TAKEN'),
    })
  })
})
