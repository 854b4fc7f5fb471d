/** The feed's rooms: one per guest exchange, one per user, one for the admins. Never one for all. */
export const room = {
  exchange: (id: string) => `exchange:${id.toLowerCase()}`,
  user: (id: string) => `user:${id.toLowerCase()}`,
  admins: 'admins',
} as const;
