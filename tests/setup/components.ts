import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

/*
 * Component tests (the `components` project, happy-dom). Waits are for what
 * the user would see (findBy*, waitFor), never for a fixed time: a loaded
 * machine only makes them take longer, so they may wait up to 5 s.
 */
configure({ asyncUtilTimeout: 5_000 })

// Each test starts from an empty document: Testing Library unmounts on its own only with test globals.
afterEach(() => {
  cleanup()
})
