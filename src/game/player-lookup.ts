import type { Settings } from './settings.js';

// Who a player is, whatever address a mail or an old result carries. A player is the
// entry in postboggle.yaml; its addresses are `email` (where mail goes) and `aliases`
// (a second address, or a former one kept when the address changed). Results, rankings
// and ratings key a player by the current `email`, so a re-addressed or renamed player
// stays one row.

export type PlayerSettings = Settings['players'][number];

/** Every address of a player, lower case, the primary first. */
export function addressesOf(p: Pick<PlayerSettings, 'email' | 'aliases'>): string[] {
  return [p.email, ...(p.aliases ?? [])].map((a) => a.toLowerCase());
}

/** The player an address belongs to (primary or alias), if any. */
export function findPlayer(settings: Pick<Settings, 'players'>, address: string | null | undefined): PlayerSettings | undefined {
  if (!address) return undefined;
  const a = address.toLowerCase();
  return settings.players.find((p) => addressesOf(p).includes(a));
}

export interface Identities {
  /** The player a result row belongs to: by its id if the player has one, else by any of the player's addresses. */
  get(address: string, id?: string): { email: string; name: string; id?: string } | undefined;
}

/** Who each result row is now: the player's current address, name and id. */
export function identities(settings: Pick<Settings, 'players'>): Identities {
  const byAddress = new Map<string, { email: string; name: string; id?: string }>();
  const byId = new Map<string, { email: string; name: string; id?: string }>();
  for (const p of settings.players) {
    const who = { email: p.email.toLowerCase(), name: p.name, ...(p.id ? { id: p.id } : {}) };
    if (p.id && !byId.has(p.id)) byId.set(p.id, who);
    for (const a of addressesOf(p)) if (!byAddress.has(a)) byAddress.set(a, who);
  }
  return { get: (address, id) => (id ? byId.get(id) : undefined) ?? byAddress.get(address.toLowerCase()) };
}
