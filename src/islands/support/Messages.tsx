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
  // The API names the team's writer "Ana (Equipe Olhar de Mãe)" and the mother by her first name.
  const authorOf = (message: Message) =>
    message.from === 'mother' && side === 'mother' ? 'Você' : message.authorName || motherName || 'Mãe';
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
