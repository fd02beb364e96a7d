/**
 * A conversation's messages, oldest first, as both sides read them: hers on one side, the team's
 * on the other, each with who wrote it and when. `side` says whose page it is ("Você" is hers on
 * her page; in the console the team's are "Equipe").
 */
import { formatMoment, type Message } from '../../lib/support.ts';

/** A message she wrote without a connection: shown until the server has it. */
export interface WaitingMessage {
  id: string;
  text: string;
}

interface Props {
  messages: Message[];
  waiting?: WaitingMessage[];
  side: 'mother' | 'team';
  /** the mother's name or e-mail, in the console */
  motherName?: string;
}

export default function Messages({ messages, waiting = [], side, motherName }: Props) {
  const authorOf = (message: Message) => {
    if (message.from === 'mother') return side === 'mother' ? 'Você' : motherName || 'Mãe';
    const name = message.authorName?.trim();
    return side === 'mother' ? `${name || 'Equipe'} · Equipe Olhar de Mãe` : `${name || 'Equipe'} (equipe)`;
  };
  return (
    <ol className="messages" aria-label="Mensagens da conversa">
      {messages.map((message) => (
        <li key={message.id} className={`message ${message.from === 'team' ? 'from-team' : 'from-mother'}`}>
          <p className="message-meta">
            <span className="message-author">{authorOf(message)}</span>
            <span className="message-time">{formatMoment(message.createdAt)}</span>
          </p>
          <p className="message-text">{message.text}</p>
        </li>
      ))}
      {waiting.map((message) => (
        <li key={message.id} className="message from-mother is-pending">
          <p className="message-meta">
            <span className="message-author">Você</span>
            <span className="badge badge-pending">Será enviada quando a internet voltar</span>
          </p>
          <p className="message-text">{message.text}</p>
        </li>
      ))}
    </ol>
  );
}
