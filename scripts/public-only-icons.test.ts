import { describe, expect, it } from 'vitest'
import { iconFiles, importedNames, publicOnlyIcons } from './public-only-icons'

const icon = (name: string) => `/app/node_modules/lucide-react/dist/esm/icons/${name}.mjs`

describe('public-only icons', () => {
  it("reads lucide's index for each component's file", () => {
    const files = iconFiles(
      "export { default as Grid2X2Check, default as Grid2x2CheckIcon } from './icons/grid-2x2-check.mjs';\n" +
        "export { default as X, default as XIcon } from './icons/x.mjs';",
    )
    expect(files.get('Grid2x2CheckIcon')).toBe('grid-2x2-check')
    expect(files.get('X')).toBe('x')
  })

  it('reads multi-line and aliased imports', () => {
    const source = `import {\n  ChefHat,\n  Star as Rating,\n  type LucideIcon,\n} from 'lucide-react'`
    expect(importedNames(source)).toEqual(['ChefHat', 'Star', 'LucideIcon'])
  })

  it('groups what only the marketing pages draw', () => {
    const test = publicOnlyIcons()
    expect(test(icon('croissant'))).toBe(true)
    // Also drawn in the dashboard: stays a chunk of its own.
    expect(test(icon('x'))).toBe(false)
    expect(test('/app/src/features/marketing/components/hero.tsx')).toBe(false)
  })
})
