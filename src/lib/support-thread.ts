/**
 * What the support pages show, from the answers they get: a conversation only grows (messages are
 * never edited or taken back) and her list of conversations too, so a page never shows fewer than it
 * already knew. An answer can be older than what the page has: the service worker answers from its
 * copy when the network fails or is slow (astro.config.mjs), and that copy lacks what she sent
 * since. Pure, for the unit and property tests (tests/unit/support-thread.test.ts).
 */
import type { Message, Thread, ThreadDetail } from './support.ts';

/** Ids in the server's order (PostgreSQL compares uuids as their hex text does). */
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Oldest first, as the server orders them (time, then id: messages of the same instant too). */
const byTime = (messages: Message[]) =>
  messages
    .map((message) => ({ message, at: Date.parse(message.createdAt) }))
    .sort((a, b) => a.at - b.at || byId(a.message.id, b.message.id))
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

/** Newest first, as the server lists them (last change, then id). */
const byChange = (threads: Thread[]) =>
  [...threads].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || byId(b.id, a.id));

/**
 * Her list of conversations: `answer` over what the page shows. Every conversation of both, once;
 * the answer's copies, unless it lacks one the page has: then it is older, and the page's copies stay.
 */
export function mergeThreads(current: Thread[], answer: Thread[]): Thread[] {
  const inAnswer = new Set(answer.map((t) => t.id));
  const onlyHere = current.filter((t) => !inAnswer.has(t.id));
  if (!onlyHere.length) return byChange(answer);
  const here = new Set(current.map((t) => t.id));
  return byChange([...current, ...answer.filter((t) => !here.has(t.id))]);
}

/** A conversation she started, on the list at once (the server's copy, or the device's once delivered). */
export function withThread(current: Thread[], thread: Thread): Thread[] {
  return byChange([thread, ...current.filter((t) => t.id !== thread.id)]);
}
