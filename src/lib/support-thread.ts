/**
 * What a conversation page shows, from the answers it gets: a conversation only grows (messages are
 * never edited or taken back), so the page never shows fewer messages than it already knew. An
 * answer can be older than what the page has: the service worker answers from its copy when the
 * network fails or is slow (astro.config.mjs), and that copy lacks what she sent since. Pure, for
 * the unit and property tests (tests/unit/support-thread.test.ts).
 */
import type { Message, ThreadDetail } from './support.ts';

/** Oldest first, as the server orders them (time, then id: messages of the same instant too). */
const byTime = (messages: Message[]) =>
  messages
    .map((message) => ({ message, at: Date.parse(message.createdAt) }))
    .sort((a, b) => a.at - b.at || (a.message.id < b.message.id ? -1 : a.message.id > b.message.id ? 1 : 0))
    .map((entry) => entry.message);

/**
 * `answer` over what the page shows (`current`): every message of both, once each (the answer's
 * copy of one both have). The conversation's state (answered, closed) is the answer's unless the
 * answer lacks a message the page has: then it is older, and its state too.
 */
export function mergeThread(current: ThreadDetail | null, answer: ThreadDetail): ThreadDetail {
  if (!current || current.thread.id !== answer.thread.id) return { ...answer, messages: byTime(answer.messages) };
  const inAnswer = new Set(answer.messages.map((m) => m.id));
  const onlyHere = current.messages.filter((m) => !inAnswer.has(m.id));
  return {
    ...answer,
    thread: onlyHere.length ? current.thread : answer.thread,
    messages: byTime([...answer.messages, ...onlyHere]),
  };
}

/**
 * A message she sent, added to the page: at once when the server answered it, or when the queue
 * delivered it after waiting on the device (the server keeps the device's id). The conversation waits
 * for the team again.
 */
export function withSent(current: ThreadDetail | null, message: Message): ThreadDetail | null {
  if (!current) return current;
  const thread = { ...current.thread, status: 'open' as const };
  if (current.messages.some((m) => m.id === message.id)) return { ...current, thread };
  return { ...current, thread, messages: byTime([...current.messages, message]) };
}
