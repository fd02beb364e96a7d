/**
 * Automatic checks while the QR code is on screen (spec §4): up to 120, with exponential backoff
 * (2 s doubling to 30 s; 5 s to 60 s after an error; plus jitter). Stops when closed or paid.
 */
import { useEffect, useRef } from 'react';
import { call, client } from '../../lib/api.ts';
import { logSecurityEvent } from '../../lib/security-log.ts';
import { MAX_PAYMENT_CHECKS, pollDelayMs } from '../../shared/backoff.ts';

export const checkPayment = async (id: string) => (await call(client.payments[':id'].$get({ param: { id } }))).paid;

export function usePaymentPolling(paymentId: string | null, onPaid: () => void): void {
  const paid = useRef(onPaid);
  paid.current = onPaid;

  useEffect(() => {
    if (!paymentId) return;
    let attempt = 0;
    let afterError = false;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const schedule = () => {
      timer = setTimeout(
        async () => {
          if (stopped) return;
          try {
            afterError = false;
            if (await checkPayment(paymentId)) return paid.current();
          } catch {
            afterError = true;
          }
          attempt += 1;
          if (attempt >= MAX_PAYMENT_CHECKS) {
            logSecurityEvent('payment_check_timeout', { paymentId });
            return;
          }
          if (!stopped) schedule();
        },
        pollDelayMs(attempt, afterError),
      );
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [paymentId]);
}
