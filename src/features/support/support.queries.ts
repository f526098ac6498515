import { useMutation } from '@tanstack/react-query'
import type { ContactInput } from './support.schemas'
import { sendSupportMessage } from './support.functions'

export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (input: ContactInput) => sendSupportMessage({ data: input }),
  })
}
