import { createFileRoute } from '@tanstack/react-router'
import { failOnPurpose } from '~/features/dev/dev.functions'

export const Route = createFileRoute('/dev/error')({
  loader: () => failOnPurpose(),
})
