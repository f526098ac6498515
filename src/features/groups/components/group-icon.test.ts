import { describe, expect, it } from 'vitest'
import { spriteGlyphNames } from './group-icon'

describe('spriteGlyphNames', () => {
  it('lists each lucide glyph once, in a stable order', () => {
    expect(spriteGlyphNames(['lucide:star', 'lucide:cpu', 'lucide:star'])).toEqual(['cpu', 'star'])
    expect(spriteGlyphNames(['lucide:cpu', 'lucide:star'])).toEqual(
      spriteGlyphNames(['lucide:star', 'lucide:cpu']),
    )
  })

  it('draws the folder for no icon or one it does not know, and nothing for emoji', () => {
    expect(spriteGlyphNames([null])).toEqual(['folder'])
    expect(spriteGlyphNames(['lucide:no-such-icon'])).toEqual(['folder'])
    expect(spriteGlyphNames(['emoji:🎮'])).toEqual([])
    expect(spriteGlyphNames([])).toEqual([])
  })
})
