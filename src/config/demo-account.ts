/** The demo account seeded on the embedded database and shown on the sign-in screen. */
export const DEMO_ACCOUNT = {
  name: 'Demo Viewer',
  email: 'demo@tubefold.localhost',
  password: 'tubefold-demo',
} as const

/** A teammate of the demo account: shares a client group with it, so sharing can be tried at once. */
export const DEMO_TEAMMATE = {
  name: 'Sam Rivera',
  email: 'sam@tubefold.localhost',
  password: 'tubefold-demo',
} as const
