import type { ScoringScheme } from './types.js';

// Points for one counted word by its folded length (a QU cell and a spelled-out umlaut
// count as two letters, which the folded length already says).

const BOGGLE = [0, 0, 0, 1, 1, 2, 3, 5]; // index = length; 8+ → 11
const OLDFASHION_LONG: Record<number, number> = { 8: 11, 9: 20, 10: 50, 11: 100, 12: 150, 13: 200 }; // 14+ → 250

export function wordPoints(length: number, scheme: ScoringScheme): number {
  switch (scheme) {
    case 'letters':
      return length;
    case 'boggle':
      return length >= 8 ? 11 : BOGGLE[length] ?? 0;
    case 'oldfashion':
      return length >= 14 ? 250 : OLDFASHION_LONG[length] ?? BOGGLE[length] ?? 0;
    case 'paroliere':
      // 4: 1, 5: 2, 6: 3, 7: 5, 8: 8, then +2 a letter up to 16 letters (24); longer: 24.
      if (length < 4) return 0;
      if (length <= 6) return length - 3;
      if (length === 7) return 5;
      return 8 + 2 * (Math.min(length, 16) - 8);
  }
}
