/** An instant as she and the professional read it: "28/11/2026, às 12:00" in São Paulo. */
import { clockOf, dayOf } from '../../shared/clock.ts';
import { formatDay } from '../../shared/format.ts';

export const momentText = (iso: string) => `${formatDay(dayOf(iso))}, às ${clockOf(iso)}`;
