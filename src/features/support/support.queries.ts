import { useMutation } from '@tanstack/react-query'
import { sendSupportMessage } from './support.functions'
import type { ContactInput } from './support.schemas'

export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (input: ContactInput) => sendSupportMessage({ data: input }),
  })
}
