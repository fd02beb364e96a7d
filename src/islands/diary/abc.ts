/** The ABC details' state and what the API takes of it (kept apart so the fields themselves can load later). */

export interface AbcState {
  consequence: string;
  durationMinutes: string;
  helped: string[];
  helpedOther: string;
}

export const EMPTY_ABC: AbcState = { consequence: '', durationMinutes: '', helped: [], helpedOther: '' };

/** What the API takes: empty fields left out, her own words added to the strategies. */
export function abcBody(abc: AbcState) {
  const helped = [...abc.helped, ...(abc.helpedOther.trim() ? [abc.helpedOther.trim()] : [])];
  return {
    ...(abc.consequence.trim() ? { consequence: abc.consequence } : {}),
    ...(abc.durationMinutes.trim() ? { durationMinutes: Number(abc.durationMinutes) } : {}),
    ...(helped.length ? { helped } : {}),
  };
}

export const ABC_SUMMARY = 'Mais detalhes: o que aconteceu depois, quanto durou e o que ajudou (opcional)';
