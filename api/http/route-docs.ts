/**
 * What the OpenAPI document says of the routes: each one's summary and answers (openapi.ts
 * answers), grouped by the route file that mounts it; a route file takes its group by name.
 */

import { clinicalSummaryAnswer } from '../../src/shared/clinical-summary.ts';
import {
  beforeAfterAnswer,
  cardAnswer,
  cardDayAnswer,
  cardDaysAnswer,
  cardSettingsAnswer,
  cardSummaryAnswer,
  childAnswer,
  childrenAnswer,
  circleAnswer,
  dailyCardAnswer,
  doseAlertAnswer,
  doseAlertsAnswer,
  doseAnswer,
  dosesAnswer,
  entriesAnswer,
  entryAnswer,
  insightsAnswer,
  invitationAnswer,
  joinedAnswer,
  loginAnswer,
  medicineAnswer,
  medicinesAnswer,
  messageAnswer,
  notesAnswer,
  okAnswer,
  paymentCreatedAnswer,
  paymentStatusAnswer,
  professionalAnswer,
  professionalsAnswer,
  progressAnswer,
  ratingAnswer,
  ratingsAnswer,
  rewardAnswer,
  schoolCardAnswer,
  schoolInfoAnswer,
  schoolLinkAnswer,
  schoolLinksAnswer,
  sessionAnswer,
  shareLinkAnswer,
  shareLinksAnswer,
  staffEnrolAnswer,
  staffMetricsAnswer,
  staffPaymentsAnswer,
  staffSubscriptionAnswer,
  staffThreadAnswer,
  staffThreadsAnswer,
  staffThreadUpdatedAnswer,
  starsAnswer,
  therapiesAnswer,
  therapyAnswer,
  threadAnswer,
  threadsAnswer,
  threadWithMessagesAnswer,
  ticksAnswer,
  twoFactorAnswer,
} from '../../src/shared/responses.ts';
import { answers, NO_BODY, PDF, REDIRECT, REFUSED } from './openapi.ts';

export const ROUTE_DOCS = {
  admin: {
    enrol: answers('Make an account staff', { 200: staffEnrolAnswer }),
    unenrol: answers('Remove an account from the staff', { 204: NO_BODY }),
  },
  auth: {
    signup: answers('Sign up', { 201: okAnswer, 429: REFUSED }),
    confirm: answers('Confirm her e-mail (the link in the e-mail)', { 302: REDIRECT }),
    resend: answers('Send the confirmation e-mail again', { 202: okAnswer, 429: REFUSED }),
    login: answers('Log in', { 200: loginAnswer, 401: REFUSED, 403: REFUSED, 429: REFUSED }),
    logout: answers('Log out', { 204: NO_BODY }),
    password: answers('Change her password', { 200: okAnswer, 429: REFUSED }),
    totp: answers("Pass the console's second factor", { 200: twoFactorAnswer, 404: REFUSED, 429: REFUSED }),
  },
  children: {
    list: answers('The children she follows', { 200: childrenAnswer }),
    add: answers('Add a child', { 201: childAnswer }),
    edit: answers('Change a child', { 200: childAnswer }),
    remove: answers('Remove a child and her record', { 204: NO_BODY }),
    report: answers('The report for a professional', { 200: PDF }),
    progress: answers("The checklists' ticks and the notes", { 200: progressAnswer }),
    tick: answers("Save a checklist's ticks", { 200: ticksAnswer }),
    note: answers("Save a guide's observation notes", { 200: notesAnswer }),
  },
  circle: {
    inviteOne: answers('Invite someone to the circle', { 201: invitationAnswer }),
    members: answers("The circle's members and pending invitations", { 200: circleAnswer }),
    cancel: answers('Cancel an invitation', { 204: NO_BODY }),
    leave: answers('Remove a member (or leave)', { 204: NO_BODY }),
    link: answers('Create a school link', { 201: schoolLinkAnswer }),
    links: answers("The child's school links", { 200: schoolLinksAnswer }),
    revoke: answers('Revoke a school link', { 204: NO_BODY }),
    accept: answers('Accept an invitation', { 200: joinedAnswer }),
  },
  dailyCard: {
    read: answers(
      "The child's daily card with its history, the stars (and those forgiven), the rewards and the settings",
      {
        200: dailyCardAnswer,
      },
    ),
    save: answers('The whole card: 1–3 targets; each change of a target or goal is an event dated today', {
      200: cardAnswer,
    }),
    mark: answers("A day's marks from home (or the school's paper card): merged from `base`, else replaced", {
      200: cardDayAnswer,
    }),
    days: answers('The days marked in a period (default: the last 7 days), oldest first', { 200: cardDaysAnswer }),
    summary: answers('Days met per target and week, home and school, with the suggestions', {
      200: cardSummaryAnswer,
    }),
    settings: answers("The card's settings (the owner's): the reminder when the school has not marked", {
      200: cardSettingsAnswer,
    }),
  },
  diary: {
    list: answers('The diary entries', { 200: entriesAnswer }),
    add: answers('Record a diary entry', { 201: entryAnswer }),
    night: answers("Change a night's sleep entry", { 200: entryAnswer }),
    remove: answers('Delete a diary entry', { 204: NO_BODY }),
  },
  doseAlerts: {
    list: answers(
      'Possible double doses, newest first, every dose as marked, undos with who and when (unseen=1: only those not marked seen)',
      {
        200: doseAlertsAnswer,
      },
    ),
    seen: answers('The owner marks a possible double dose seen', { 200: doseAlertAnswer }),
  },
  doses: {
    list: answers('The doses marked on the days asked (default today)', { 200: dosesAnswer }),
    mark: answers(
      'Mark a dose given or not given (409 too_soon carries lastGivenAt; confirmed or offline: stored, with overlap)',
      { 201: doseAnswer },
    ),
    undo: answers(
      "Undo a dose (who marked it, or the owner), under the medicine's lock; its alert stays, the undo told",
      {
        204: NO_BODY,
      },
    ),
  },
  insights: {
    read: answers("What the child's diaries show", { 200: insightsAnswer }),
  },
  medicineHistory: {
    remove: answers("Remove the last event of a medicine's history (within a day of recording it)", {
      200: medicineAnswer,
    }),
    redate: answers("Correct the date of the last event of a medicine's history", { 200: medicineAnswer }),
  },
  medicines: {
    list: answers("The child's medicines, current first, each with its history", { 200: medicinesAnswer }),
    add: answers('Add a medicine (its start)', { 201: medicineAnswer }),
    change: answers("A change in a medicine's history: dose, times or stop", { 201: medicineAnswer }),
    edit: answers("Change a medicine's name, prescriber or reminder", { 200: medicineAnswer }),
  },
  passwordReset: {
    forgot: answers('E-mail a password reset link', { 202: okAnswer, 429: REFUSED }),
    check: answers('Whether a reset link is still good', { 200: okAnswer, 400: REFUSED }),
    reset: answers('Set a new password', { 200: okAnswer, 400: REFUSED }),
  },
  payments: {
    start: answers('Start a PIX payment', { 201: paymentCreatedAnswer }),
    status: answers("A payment's status", { 200: paymentStatusAnswer }),
  },
  professionals: {
    list: answers('Her professionals', { 200: professionalsAnswer }),
    add: answers('Add a professional', { 201: professionalAnswer }),
    remove: answers('Remove a professional', { 204: NO_BODY }),
  },
  ratings: {
    list: answers("The child's weekly ratings from home and school, oldest week first", { 200: ratingsAnswer }),
    rate: answers('Her rating of the week (a second save replaces it)', { 200: ratingAnswer }),
    compare: answers('Before and after a change: what the record shows on each side', { 200: beforeAfterAnswer }),
  },
  reminders: {
    register: answers("Register this device's push subscription", { 201: NO_BODY }),
    forget: answers("Forget this device's push subscription", { 204: NO_BODY }),
    test: answers('Send her devices a test notification now', { 202: okAnswer }),
  },
  school: {
    info: answers('What a school link opens', { 200: schoolInfoAnswer }),
    observe: answers("The teacher's observation", { 201: okAnswer, 429: REFUSED }),
    rate: answers("The teacher's rating of a week (only the school's items; sent again, it replaces)", {
      201: okAnswer,
      429: REFUSED,
    }),
    card: answers(
      "The day's card for the teacher: the child's first name and the school's targets (today or ?date=yesterday)",
      { 200: schoolCardAnswer },
    ),
    mark: answers("The teacher's marks of today or yesterday (merged from `base`, else replaced; an id applies once)", {
      200: okAnswer,
      429: REFUSED,
    }),
  },
  shareLinks: {
    create: answers('Create a link for the professional (the summary encrypted in the browser)', {
      201: shareLinkAnswer,
      429: REFUSED,
    }),
    list: answers("The child's links for the professional, with their openings", { 200: shareLinksAnswer }),
    revoke: answers('Revoke a link for the professional (its ciphertext deleted at once)', { 204: NO_BODY }),
  },
  staffSupport: {
    queue: answers('The support queue', { 200: staffThreadsAnswer }),
    thread: answers('A conversation', { 200: staffThreadAnswer }),
    answer: answers("The team's answer", { 201: messageAnswer }),
    status: answers("Change a conversation's status", { 200: staffThreadUpdatedAnswer }),
  },
  staff: {
    payments: answers('Payments to confirm', { 200: staffPaymentsAnswer }),
    subscription: answers("A mother's subscription and payments", { 200: staffSubscriptionAnswer }),
    metrics: answers("The team's figures", { 200: staffMetricsAnswer }),
  },
  stars: {
    reward: answers('A reward of the menu (small for a good day, bigger for a good week)', {
      201: rewardAnswer,
      409: REFUSED,
    }),
    unlist: answers('A reward off the menu (stars spent on it stay spent)', { 204: NO_BODY }),
    spend: answers("Spend stars on a reward: never below zero (409 not_enough_stars); the device's id spends once", {
      201: starsAnswer,
      409: REFUSED,
    }),
  },
  summary: {
    read: answers("The child's clinical summary of a period (the report's page 1)", { 200: clinicalSummaryAnswer }),
  },
  support: {
    list: answers('Her conversations with the team', { 200: threadsAnswer }),
    write: answers('Write to the team', { 201: threadAnswer, 429: REFUSED }),
    thread: answers('A conversation', { 200: threadWithMessagesAnswer }),
    answer: answers('Answer in a conversation', { 201: messageAnswer }),
  },
  therapies: {
    list: answers("The child's therapies, current first, each with its sessions", { 200: therapiesAnswer }),
    add: answers('Add a therapy', { 201: therapyAnswer }),
    edit: answers('End a therapy or change its frequency', { 200: therapyAnswer }),
    attend: answers('Record a session attended or missed', { 201: sessionAnswer }),
  },
};
