/** The demo account seeded on the embedded database and shown on the sign-in screen. */
export const DEMO_ACCOUNT = {
  name: 'Demo Viewer',
  email: 'demo@tubefold.localhost',
  password: 'tubefold-demo',
} as const
