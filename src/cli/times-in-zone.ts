import { luxon } from '../game/luxon-sync.js';
import { formatInZone } from '../game/zone-time.js';

/** Stored times in the game's zone, as luxon prints them (without loading it where zone-time.ts can). */
export function timesInZone(isos: string[], zone: string, format: 'dd.LL. HH:mm' | 'yyyy-LL-dd HH:mm ZZ'): string[] {
  return formatInZone(isos, zone, format) ?? isos.map((iso) => luxon().DateTime.fromISO(iso).setZone(zone).toFormat(format));
}
