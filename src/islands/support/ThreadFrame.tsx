/**
 * One conversation's frame, the same for the mother (Conversation) and for the team (console's
 * ThreadView): the way back to the list, the subject as heading (it takes focus when the
 * conversation opens, so a screen reader starts there), loading and failure, the category and
 * status line, the messages; the reply form comes as `children`.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { Message } from '../../lib/support.ts';
import LoadFailure from '../LoadFailure.tsx';
import Messages, { type WaitingMessage } from './Messages.tsx';

interface Props {
  className?: string;
  backLabel: string;
  onBack: () => void;
  /** the heading before the conversation has loaded */
  title: string;
  thread: { subject: string; priority: boolean; status: string } | undefined;
  messages: Message[] | undefined;
  /** the category (and, for the team, who wrote) */
  about: ReactNode;
  statusLabel: string;
  failure: string | null;
  onRetry: () => void;
  /** her replies still on the device, waiting for the connection */
  waiting?: WaitingMessage[];
  side: 'mother' | 'team';
  motherName?: string;
  children: ReactNode;
}

export default function ThreadFrame(props: Props) {
  const { thread, messages, failure } = props;
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const opened = messages !== undefined || failure !== null;
  useEffect(() => {
    if (opened) heading.current?.focus();
  }, [opened]);

  return (
    <section
      className={props.className ? `conversation ${props.className}` : 'conversation'}
      aria-labelledby={`${id}-title`}
      aria-busy={!opened}
    >
      <button type="button" className="link-button back-to-list" onClick={props.onBack}>
        ← {props.backLabel}
      </button>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {thread ? thread.subject : props.title}
      </h2>
      {!opened && <p role="status">Carregando a conversa…</p>}
      {failure && <LoadFailure message={failure} onRetry={props.onRetry} />}
      {thread && messages && (
        <>
          <p className="thread-meta">
            <span>{props.about}</span>
            <span className={`badge status-${thread.status}`}>{props.statusLabel}</span>
            {thread.priority && <span className="badge badge-priority">Prioritária</span>}
          </p>
          <Messages messages={messages} waiting={props.waiting} side={props.side} motherName={props.motherName} />
          {props.children}
        </>
      )}
    </section>
  );
}
