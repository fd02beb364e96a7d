/**
 * /lembretes (issue 23): this device's reminders on top (asked for only after she taps), her
 * choices below; the choices are hers on every device where she turned the reminders on.
 */
import { useState } from 'react';
import type { RoutineStep } from '../integrations/site-rules.ts';
import DeviceCard from './reminders/DeviceCard.tsx';
import SettingsForm, { type TimeLimits } from './reminders/SettingsForm.tsx';

export default function Reminders({ steps, limits }: { steps: RoutineStep[]; limits: TimeLimits }) {
  const [deviceOn, setDeviceOn] = useState(false);
  return (
    <div className="reminders">
      <DeviceCard onChange={setDeviceOn} />
      <SettingsForm steps={steps} limits={limits} deviceOn={deviceOn} />
    </div>
  );
}
